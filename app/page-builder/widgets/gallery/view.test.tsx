import { describe, expect, it } from "vitest";

import { gallery, HASH, photo, widget } from "~/test/gallery-fixtures";
import { count } from "~/test/render";
import type { Fields, ShowOptions } from "~/test/widgets";
import { classOf, links, renderWidget } from "~/test/widgets";

const show = (type: string, fields: Fields, data: unknown, opts: ShowOptions & { photo?: number } = {}) =>
  renderWidget(widget(type, fields, opts.items), {
    data,
    env: { itemUrl: opts.itemUrl ?? null, photo: opts.photo ?? null },
    url: opts.url ?? "/showcase",
  });

describe("core/gallery", () => {
  for (const layout of ["grid", "shadowgrid", "centeredgrid", "slider"]) {
    it(`${layout}: thumbnails 400 wide at the widget's aspect, each linking to the photo's own page`, () => {
      const html = show("core/gallery", { layout }, gallery());
      expect(html).toContain(`data-layout="${layout}"`);
      // Only the slides with a picture: two photos.
      expect(count(html, /<img /)).toBe(2);
      expect(html).toContain(`src="/assets/i/${HASH(1)}/4x3/400.jpg"`);
      expect(html).toContain(`/assets/i/${HASH(3)}/4x3/400.avif 400w`);
      expect(html).not.toContain("/4x3/1920.avif 1920w");
      expect(html).toMatch(/<img [^>]*width="400" height="300"/);
      const photoLinks = [...html.matchAll(/<a [^>]*>.*?<\/a>/gs)]
        .map((m) => m[0])
        .filter((a) => a.includes("Enlarge photo"));
      expect(photoLinks).toHaveLength(2);
      // The photo's page on this site (the widget names the gallery's place), never the raw file.
      expect(photoLinks[0]).toContain('href="/showcase?gallery=w9&amp;photo=1"');
      expect(photoLinks[1]).toContain('href="/showcase?gallery=w9&amp;photo=2"');
      expect(html).toContain('id="gallery-w9"');
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
    expect(show("core/gallery", { heading: "Our tables", subheading: "Lately" }, gallery())).toMatch(
      /<h2[^>]*>Our tables<\/h2>.*Lately/s,
    );
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
    // The buttons are there for the slider enhancer, hidden until it runs.
    expect(html).toContain('data-enhance="slider"');
    const buttons = html.match(/<button[^>]*>/g) ?? [];
    expect(buttons).toHaveLength(2);
    for (const button of buttons) expect(button).toMatch(/\shidden=""/);
  });

  it("uses the responsive 3/4/5 columns by default and gridWidth 1 to 6 on large screens", () => {
    const defaults = "grid-cols-3 md:grid-cols-4 lg:grid-cols-5";
    expect(classOf(show("core/gallery", {}, gallery()), "ul")).toContain(defaults);
    expect(classOf(show("core/gallery", { gridWidth: 2 }, gallery()), "ul")).toMatch(/\bgrid-cols-2\b/);
    expect(classOf(show("core/gallery", { gridWidth: 2 }, gallery()), "ul")).not.toContain("lg:");
    expect(classOf(show("core/gallery", { gridWidth: "4" }, gallery()), "ul")).toContain("lg:grid-cols-4");
    expect(classOf(show("core/gallery", { gridWidth: 6, layout: "shadowgrid" }, gallery()), "ul")).toContain(
      "lg:grid-cols-6",
    );
    expect(classOf(show("core/gallery", { gridWidth: 6, layout: "centeredgrid" }, gallery()), "li")).toContain(
      "lg:w-1/6",
    );
    expect(classOf(show("core/gallery", { gridWidth: 1, layout: "slider" }, gallery()), "li")).toMatch(/(^| )w-full\b/);
    for (const bad of [0, 7, -1, 2.5, "x", "", null, {}, [3], "constructor"]) {
      expect(classOf(show("core/gallery", { gridWidth: bad }, gallery()), "ul"), JSON.stringify(bad)).toContain(
        defaults,
      );
    }
  });

  it("gives the lightbox the photo's size and source only when useLightbox is on (the default)", () => {
    const on = links(show("core/gallery", {}, gallery())).filter((a) => a.includes("data-pswp"));
    expect(on).toHaveLength(2);
    expect(on[0]).toContain('data-pswp-width="1920"');
    expect(on[0]).toContain('data-pswp-height="1280"');
    expect(on[0]).toContain(`data-pswp-src="/assets/i/${HASH(1)}/orig/1920.webp"`);
    expect(on[0]).toContain('data-cropped="true"');
    for (const off of [false, 0, "0", "false"]) {
      const html = show("core/gallery", { useLightbox: off }, gallery());
      expect(html, String(off)).not.toContain("data-pswp");
      // Without the lightbox, the photo's own page opens, with or without JavaScript.
      expect(html).toContain('href="/showcase?gallery=w9&amp;photo=1"');
      expect(html).not.toContain("/orig/1920.jpg");
    }
  });

  it("opens the thumbnail's own aspect at 1920 when the upstream gives no size for the extra aspect", () => {
    const g = gallery({
      slides: [
        {
          id: 1,
          image: photo(1, { width: null, height: null }),
          link: "",
          heading: "",
          sub_heading: "",
          content: "",
          link_button_text: "",
        },
      ],
    });
    const [a] = links(show("core/gallery", {}, g));
    expect(a).toContain(`data-pswp-src="/assets/i/${HASH(1)}/4x3/1920.webp"`);
    expect(a).toContain('data-pswp-width="1920"');
    expect(a).toContain('data-pswp-height="1440"');
    expect(a).not.toContain("data-cropped");
  });

  it("on a photo's own page, shows that photo large with its caption, its number, and the ways on and back", () => {
    const html = show("core/gallery", { layout: "slider", heading: "Our tables" }, gallery(), { photo: 2 });
    // The gallery's name is the page's heading; no thumbnails, no lightbox, no slider.
    expect(html).toMatch(/<h1[^>]*>Our tables<\/h1>/);
    expect(html).toContain("Photo 2 of 2");
    expect(html).not.toContain("data-enhance");
    expect(html).not.toContain("Enlarge photo");
    // The second photo (the slide without a picture is not counted), from the original's shape.
    expect(html).toContain(`src="/assets/i/${HASH(3)}/orig/1920.jpg"`);
    expect(html).toContain(`/assets/i/${HASH(3)}/orig/1600.avif 1600w`);
    expect(html).toMatch(/<img [^>]*alt="Montville bench"[^>]*fetchpriority="high"/);
    expect(html).toMatch(/<figcaption[^>]*>.*Montville bench.*<\/figcaption>/s);
    const anchors = (h: string) => [...h.matchAll(/<a [^>]*>.*?<\/a>/gs)].map((m) => m[0]);
    const all = anchors(html);
    expect(all.find((a) => a.includes("Back to Our tables"))).toContain('href="/showcase#gallery-w9"');
    expect(all.find((a) => a.includes("Previous photo"))).toContain('href="/showcase?gallery=w9&amp;photo=1#photo"');
    // The last photo has no next one.
    expect(html).not.toContain("Next photo");
    const first = show("core/gallery", {}, gallery(), { photo: 1 });
    expect(first).not.toContain("Previous photo");
    expect(anchors(first).find((a) => a.includes("Next photo"))).toContain(
      'href="/showcase?gallery=w9&amp;photo=2#photo"',
    );
    expect(first).toMatch(/<h1[^>]*>Kitchen tables<\/h1>/);
  });

  it("renders nothing for a failed load, a gallery without pictures or a malformed answer", () => {
    for (const data of [
      null,
      undefined,
      [],
      { slides: "x" },
      gallery({ slides: [] }),
      gallery({ slides: [gallery().slides[1]] }),
    ]) {
      expect(show("core/gallery", { heading: "H" }, data)).toBe("");
    }
  });
});
