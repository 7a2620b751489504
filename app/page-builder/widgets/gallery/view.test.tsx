import { describe, expect, it } from "vitest";

import { gallery, HASH, photo, widget } from "~/test/gallery-fixtures";
import { count } from "~/test/render";
import type { Fields, ShowOptions } from "~/test/widgets";
import { classOf, links, renderWidget } from "~/test/widgets";

const show = (type: string, fields: Fields, data: unknown, opts: ShowOptions = {}) =>
  renderWidget(widget(type, fields, opts.items), { data, env: { itemUrl: opts.itemUrl ?? null }, url: opts.url });

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
      const photoLinks = [...html.matchAll(/<a [^>]*>.*?<\/a>/gs)]
        .map((m) => m[0])
        .filter((a) => a.includes("Enlarge photo"));
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
    expect(a).toContain(`href="/assets/i/${HASH(1)}/4x3/1920.jpg"`);
    expect(a).toContain('data-pswp-width="1920"');
    expect(a).toContain('data-pswp-height="1440"');
    expect(a).not.toContain("data-cropped");
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
