import { describe, expect, it } from "vitest";

import type { Image } from "@contract/media";
import { HASH, widget } from "~/test/gallery-fixtures";
import { testVariant as variant } from "~/test/test-images";
import type { Fields, ShowOptions } from "~/test/widgets";
import { renderWidget } from "~/test/widgets";

const show = (type: string, fields: Fields, data: unknown, opts: ShowOptions = {}) =>
  renderWidget(widget(type, fields, opts.items), { data, env: { itemUrl: opts.itemUrl ?? null }, url: opts.url });

describe("core/hero_quote", () => {
  const background = { ...variant(HASH(7), "16x9", 1920, 1080), extra_aspects: [] } satisfies Image;
  const overlay = { ...variant(HASH(8), "orig", 300, 120), extra_aspects: [] } satisfies Image;
  const poster = { ...variant(HASH(9), "16x9", 1920, 1080), extra_aspects: [] } satisfies Image;
  const fields = { quote: "Built to outlast us.", author: "Sam Carter" };

  it("plays a video behind the quote: its poster first, fetched nothing until asked, 500 px tall", () => {
    const html = show("core/hero_quote", fields, {
      background,
      overlay,
      video: { id: 5, url: "/v/5.mp4", mime: "video/mp4", poster },
    });
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
    const html = show("core/hero_quote", fields, {
      background,
      overlay: null,
      video: { id: 5, url: "/v/5.mp4", mime: "video/mp4", poster: null },
    });
    expect(html).toMatch(/<video [^>]*poster="\/assets\/i\/a+7\/16x9\/1920.webp"/);
  });

  it("shows the background picture with the overlay colour under it at the chosen opacity and saturation", () => {
    const html = show(
      "core/hero_quote",
      { ...fields, overlay_colour: "brand", opacity: 30, saturation: "0" },
      { background, overlay: null, video: null },
    );
    expect(html).not.toContain("<video");
    expect(html).toContain(`src="/assets/i/${HASH(7)}/16x9/1920.jpg"`);
    expect(html).toMatch(/class="relative isolate flex min-h-\[500px\][^"]*\bbg-brand\b/);
    expect(html).toMatch(/class="[^"]*\bopacity-30\b[^"]*\bsaturate-0\b/);
    // A bad opacity is the default, 70.
    expect(show("core/hero_quote", { ...fields, opacity: 45 }, { background, overlay: null, video: null })).toContain(
      "opacity-70",
    );
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
    expect(show("core/hero_quote", { ...fields, overlay_colour: "white", text_colour: "white" }, null)).toContain(
      "text-white",
    );
    expect(show("core/hero_quote", { ...fields, opacity: 100 }, { background, overlay: null, video: null })).toContain(
      "bg-black/40",
    );
    expect(
      show("core/hero_quote", { ...fields, opacity: 50 }, { background, overlay: null, video: null }),
    ).not.toContain("bg-black/40");
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
    expect(show("core/hero_quote", { html: "<p>Made <em>well</em>.</p>" }, null)).toContain(
      "<p>Made <em>well</em>.</p>",
    );
  });
});
