import { describe, expect, it } from "vitest";
import type { Gallery } from "~/lib/api/galleries.server";
import type { Image } from "~/lib/api/schemas";
import { count, render } from "~/test/render";
import { pageAcceptsItem } from "../loaders.server";
import { WidgetView } from "../widget-view";
import type { GalleryGroupData } from "./gallery-group/load.server";
import { gallery, HASH, photo, summary, widget } from "~/test/gallery-fixtures";
import { testVariant as variant } from "~/test/test-images";

const show = (type: string, fields: Record<string, unknown>, data: unknown, opts: { itemUrl?: string | null; url?: string; items?: Record<string, unknown>[] } = {}) =>
  render(<WidgetView widget={widget(type, fields, opts.items)} data={data} env={{ itemUrl: opts.itemUrl ?? null, signedIn: false }} />, opts.url ?? "/");

/** The class attribute of the first tag matching `tag` (e.g. "ul"). */
const classOf = (html: string, tag: string) => html.match(new RegExp(`<${tag}[^>]*class="([^"]*)"`))?.[1] ?? "";
const links = (html: string) => [...html.matchAll(/<a [^>]*>/g)].map((m) => m[0]);

describe("core/gallery", () => {
  for (const layout of ["grid", "shadowgrid", "centeredgrid", "slider"]) {
    it(`${layout}: thumbnails 400 wide at the widget's aspect, each linking to the photo at 1920`, () => {
      const html = show("core/gallery", { layout }, gallery());
      expect(html).toContain(`data-layout="${layout}"`);
      // Only the slides with a picture: two photos.
      expect(count(html, /<img /)).toBe(2);
      expect(html).toContain(`src="/assets/i/${HASH(1)}/4x3/400.jpg"`);
      expect(html).toContain(`/assets/i/${HASH(3)}/4x3/400.avif 400w`);
      expect(html).not.toContain("/4x3/1920.avif 1920w");
      expect(html).toMatch(/<img [^>]*width="400" height="300"/);
      const photoLinks = [...html.matchAll(/<a [^>]*>.*?<\/a>/gs)].map((m) => m[0]).filter((a) => a.includes("Enlarge photo"));
      expect(photoLinks).toHaveLength(2);
      expect(photoLinks[0]).toContain(`href="/assets/i/${HASH(1)}/orig/1920.jpg"`);
      // Named by what the photo shows (its alt) and then what the link does.
      expect(photoLinks[0]).toMatch(/alt="[^"]+"/);
      expect(photoLinks[0]).toContain('<span class="sr-only">Enlarge photo 1 of 2</span>');
      expect(photoLinks[1]).toContain('<span class="sr-only">Enlarge photo 2 of 2</span>');
    });
  }

  it("falls back to the grid for an unknown layout", () => {
    expect(show("core/gallery", { layout: "mosaic" }, gallery())).toContain('data-layout="grid"');
  });

  it("shows the gallery's heading and subheading, the widget's own when set, none with showHeading off", () => {
    const html = show("core/gallery", {}, gallery());
    expect(html).toMatch(/<h2[^>]*>Kitchen tables<\/h2>/);
    expect(html).toContain("Made for long lunches");
    expect(show("core/gallery", { heading: "Our tables", subheading: "Lately" }, gallery())).toMatch(/<h2[^>]*>Our tables<\/h2>.*Lately/s);
    const hidden = show("core/gallery", { showHeading: false }, gallery());
    expect(hidden).not.toContain("<h2");
    expect(hidden).not.toContain("Made for long lunches");
    expect(hidden).toContain('aria-label="Gallery"');
  });

  it("shadowgrid captions each photo with its heading and subheading", () => {
    const html = show("core/gallery", { layout: "shadowgrid" }, gallery());
    expect(html).toMatch(/<figcaption[^>]*>.*Yandina table.*Spotted gum.*<\/figcaption>/s);
    expect(classOf(html, "figure")).toContain("shadow-md");
  });

  it("slider is a sideways scroll-snap row, labelled, whose buttons appear only with JavaScript", () => {
    const html = show("core/gallery", { layout: "slider" }, gallery());
    expect(html).toContain('aria-roledescription="carousel"');
    expect(classOf(html, "ul")).toMatch(/\bsnap-x\b.*\boverflow-x-auto\b/);
    expect(html).not.toContain("<button");
  });

  it("uses the responsive 3/4/5 columns by default and gridWidth 1 to 6 on large screens", () => {
    const defaults = "grid-cols-3 md:grid-cols-4 lg:grid-cols-5";
    expect(classOf(show("core/gallery", {}, gallery()), "ul")).toContain(defaults);
    expect(classOf(show("core/gallery", { gridWidth: 2 }, gallery()), "ul")).toMatch(/\bgrid-cols-2\b/);
    expect(classOf(show("core/gallery", { gridWidth: 2 }, gallery()), "ul")).not.toContain("lg:");
    expect(classOf(show("core/gallery", { gridWidth: "4" }, gallery()), "ul")).toContain("lg:grid-cols-4");
    expect(classOf(show("core/gallery", { gridWidth: 6, layout: "shadowgrid" }, gallery()), "ul")).toContain("lg:grid-cols-6");
    expect(classOf(show("core/gallery", { gridWidth: 6, layout: "centeredgrid" }, gallery()), "li")).toContain("lg:w-1/6");
    expect(classOf(show("core/gallery", { gridWidth: 1, layout: "slider" }, gallery()), "li")).toMatch(/(^| )w-full\b/);
    for (const bad of [0, 7, -1, 2.5, "x", "", null, {}, [3], "constructor"]) {
      expect(classOf(show("core/gallery", { gridWidth: bad }, gallery()), "ul"), JSON.stringify(bad)).toContain(defaults);
    }
  });

  it("gives the lightbox the photo's size and source only when useLightbox is on (the default)", () => {
    const on = links(show("core/gallery", {}, gallery())).filter((a) => a.includes("/orig/1920"));
    expect(on[0]).toContain('data-pswp-width="1920"');
    expect(on[0]).toContain('data-pswp-height="1280"');
    expect(on[0]).toContain(`data-pswp-src="/assets/i/${HASH(1)}/orig/1920.webp"`);
    expect(on[0]).toContain('data-cropped="true"');
    for (const off of [false, 0, "0", "false"]) {
      const html = show("core/gallery", { useLightbox: off }, gallery());
      expect(html, String(off)).not.toContain("data-pswp");
      expect(html).toContain(`href="/assets/i/${HASH(1)}/orig/1920.jpg"`);
    }
  });

  it("opens the thumbnail's own aspect at 1920 when the upstream gives no size for the extra aspect", () => {
    const g = gallery({ slides: [{ id: 1, image: photo(1, { width: null, height: null }), link: "", heading: "", sub_heading: "", content: "", link_button_text: "" }] });
    const [a] = links(show("core/gallery", {}, g));
    expect(a).toContain(`href="/assets/i/${HASH(1)}/4x3/1920.jpg"`);
    expect(a).toContain('data-pswp-width="1920"');
    expect(a).toContain('data-pswp-height="1440"');
    expect(a).not.toContain("data-cropped");
  });

  it("renders nothing for a failed load, a gallery without pictures or a malformed answer", () => {
    for (const data of [null, undefined, [], { slides: "x" }, gallery({ slides: [] }), gallery({ slides: [gallery().slides[1]] })]) {
      expect(show("core/gallery", { heading: "H" }, data)).toBe("");
    }
  });
});

const groupData = (over: Partial<GalleryGroupData> = {}): GalleryGroupData => ({
  galleries: [summary(4, "kitchens", "Kitchens"), summary(5, "outdoor", "Outdoor")],
  gallery: null,
  pagePath: "/showcase",
  ...over,
});

describe("core/gallery_group", () => {
  it("shows a card per gallery with its first photo (4x3 at 300) linking to /{page}/{gallery url}", () => {
    const html = show("core/gallery_group", { heading: "Our work" }, groupData());
    expect(html).toMatch(/<h2[^>]*>Our work<\/h2>/);
    expect(html).toContain('href="/showcase/kitchens"');
    expect(html).toContain('href="/showcase/outdoor"');
    expect(count(html, ">View gallery<")).toBe(2);
    expect(html).toContain(`src="/assets/i/${HASH(4)}/4x3/300.jpg"`);
    expect(html).toMatch(/<h3[^>]*>Kitchens<\/h3>/);
  });

  it("takes the page path from the URL when the loader had none", () => {
    expect(show("core/gallery_group", {}, groupData({ pagePath: null }), { url: "/showcase" })).toContain('href="/showcase/kitchens"');
    expect(show("core/gallery_group", {}, groupData({ pagePath: null }), { url: "/" })).toContain('href="/home/kitchens"');
  });

  it("on /{page}/{gallery} shows that gallery's photos with a lightbox and a link back", () => {
    const html = show("core/gallery_group", { heading: "Our work" }, groupData({ gallery: gallery() }), { itemUrl: "kitchens", url: "/showcase/kitchens" });
    expect(html).toMatch(/<a [^>]*href="\/showcase"[^>]*>.*Back to Our work<\/a>/s);
    expect(html).toMatch(/<h2[^>]*>Kitchen tables<\/h2>/);
    expect(html).toContain(`src="/assets/i/${HASH(1)}/4x3/400.jpg"`);
    expect(html).toContain('data-pswp-width="1920"');
    expect(html).not.toContain("View gallery");
  });

  it("makes its page accept /{page}/{item} URLs", () => {
    expect(pageAcceptsItem([widget("core/gallery_group")])).toBe(true);
    expect(pageAcceptsItem([widget("core/gallery")])).toBe(false);
  });

  it("renders nothing without galleries", () => {
    expect(show("core/gallery_group", { heading: "Our work" }, groupData({ galleries: [] }))).toBe("");
    expect(show("core/gallery_group", { heading: "Our work" }, null)).toBe("");
  });
});

describe("core/hero_quote", () => {
  const background = { ...variant(HASH(7), "16x9", 1920, 1080), extra_aspects: [] } satisfies Image;
  const overlay = { ...variant(HASH(8), "orig", 300, 120), extra_aspects: [] } satisfies Image;
  const poster = { ...variant(HASH(9), "16x9", 1920, 1080), extra_aspects: [] } satisfies Image;
  const fields = { quote: "Built to outlast us.", author: "Sam Carter" };

  it("plays a video behind the quote: its poster first, fetched nothing until asked, 500 px tall", () => {
    const html = show("core/hero_quote", fields, { background, overlay, video: { id: 5, url: "/v/5.mp4", mime: "video/mp4", poster } });
    expect(html).toContain("min-h-[500px]");
    expect(html).toMatch(/<video [^>]*preload="none"/);
    expect(html).toMatch(/<video [^>]*poster="\/assets\/i\/a+9\/16x9\/1920.webp"/);
    expect(html).not.toMatch(/<video [^>]*autoplay/i);
    expect(html).toContain('<source src="/v/5.mp4" type="video/mp4"/>');
    expect(html).toContain("Built to outlast us.");
    expect(html).toMatch(/<figcaption[^>]*>— Sam Carter<\/figcaption>/);
    // The overlay image, 300 wide in its own shape.
    expect(html).toContain(`src="/assets/i/${HASH(8)}/orig/300.jpg"`);
  });

  it("uses the background image as the video's poster when the video has none", () => {
    const html = show("core/hero_quote", fields, { background, overlay: null, video: { id: 5, url: "/v/5.mp4", mime: "video/mp4", poster: null } });
    expect(html).toMatch(/<video [^>]*poster="\/assets\/i\/a+7\/16x9\/1920.webp"/);
  });

  it("shows the background picture with the overlay colour under it at the chosen opacity and saturation", () => {
    const html = show("core/hero_quote", { ...fields, overlay_colour: "brand", opacity: 30, saturation: "0" }, { background, overlay: null, video: null });
    expect(html).not.toContain("<video");
    expect(html).toContain(`src="/assets/i/${HASH(7)}/16x9/1920.jpg"`);
    expect(html).toMatch(/class="relative isolate flex min-h-\[500px\][^"]*\bbg-brand\b/);
    expect(html).toMatch(/class="[^"]*\bopacity-30\b[^"]*\bsaturate-0\b/);
    // A bad opacity is the default, 70.
    expect(show("core/hero_quote", { ...fields, opacity: 45 }, { background, overlay: null, video: null })).toContain("opacity-70");
  });

  it("lays the text out as asked: justify left/center/right, align top/middle/bottom", () => {
    const cases: [Record<string, unknown>, string[]][] = [
      [{ text_justify: "right", text_align: "bottom" }, ["items-end", "text-end", "justify-end"]],
      [{ text_justify: "left", text_align: "top" }, ["items-start", "text-start", "justify-start"]],
      [{}, ["items-center", "text-center", "justify-center"]],
      [{ text_justify: "sideways", text_align: "constructor" }, ["items-center", "text-center", "justify-center"]],
    ];
    for (const [layout, classes] of cases) {
      const html = show("core/hero_quote", { ...fields, ...layout }, null);
      const inner = html.match(/<div class="(mx-auto flex w-full[^"]*)"/)?.[1] ?? "";
      for (const c of classes) expect(inner.split(" "), `${JSON.stringify(layout)} ${c}`).toContain(c);
    }
  });

  it("keeps text readable: dark text on light overlays, a scrim over opaque media", () => {
    expect(show("core/hero_quote", { ...fields, overlay_colour: "white" }, null)).toContain("text-stone-900");
    expect(show("core/hero_quote", { ...fields, overlay_colour: "white", text_colour: "white" }, null)).toContain("text-white");
    expect(show("core/hero_quote", { ...fields, opacity: 100 }, { background, overlay: null, video: null })).toContain("bg-black/40");
    expect(show("core/hero_quote", { ...fields, opacity: 50 }, { background, overlay: null, video: null })).not.toContain("bg-black/40");
  });

  it("fixes the background on large screens for parallax, unless the visitor wants less motion", () => {
    const html = show("core/hero_quote", { ...fields, parallax: true }, { background, overlay: null, video: null });
    expect(html).toContain("motion-safe:lg:bg-fixed");
    expect(html).toContain(`url(&quot;/assets/i/${HASH(7)}/16x9/1920.avif&quot;) type(&quot;image/avif&quot;)`);
  });

  it("degrades without media to the quote on the overlay colour, and to nothing without a quote", () => {
    for (const data of [null, undefined, { background: null, overlay: null, video: null }, []]) {
      const html = show("core/hero_quote", fields, data);
      expect(html).toContain("Built to outlast us.");
      expect(html).toContain("min-h-[500px]");
      expect(html).not.toContain("<img");
      expect(html).not.toContain("<video");
    }
    expect(show("core/hero_quote", { author: "Sam" }, { background, overlay, video: null })).toBe("");
  });

  it("renders html quotes as markup", () => {
    expect(show("core/hero_quote", { html: "<p>Made <em>well</em>.</p>" }, null)).toContain("<p>Made <em>well</em>.</p>");
  });
});

describe("core/faq by group", () => {
  it("shows the group's questions after the widget's own, answers as html", () => {
    const html = show("core/faq", { group: "Delivery" }, [{ id: 1, name: "Do you deliver to Noosa?", content: "<p>Yes, <strong>weekly</strong>.</p>", group: "Delivery" }], {
      items: [{ id: 1, name: "Inline question?", content: "<p>Inline answer.</p>" }],
    });
    expect(html).toMatch(/<h2[^>]*>Frequently asked questions<\/h2>/);
    expect(html).toMatch(/Inline question\?.*Do you deliver to Noosa\?/s);
    expect(html).toContain("<p>Yes, <strong>weekly</strong>.</p>");
    expect(count(html, "<details")).toBe(2);
  });

  it("ignores a broken load and broken entries", () => {
    expect(show("core/faq", { group: "x" }, null)).toBe("");
    expect(count(show("core/faq", { group: "x" }, [null, 3, { name: "Q?", content: "A" }]), "<details")).toBe(1);
  });
});

describe("core/form and core/gift_voucher_purchase", () => {
  it("render nothing until their own issue", () => {
    expect(show("core/form", { id: 3, heading: "Contact us" }, { id: 3 })).toBe("");
    expect(show("core/gift_voucher_purchase", { amounts: "50|100" }, null)).toBe("");
  });
});
