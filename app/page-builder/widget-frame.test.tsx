import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";

import type { Image } from "@contract/media";

import type { FrameMedia } from "./frame-media";
import { backgroundClass, frameAnimation, frameAttributes, hasFrame, WidgetFrame } from "./widget-frame";

const image = (aspect = "orig"): Image => ({
  url: `/assets/i/${"a".repeat(32)}/${aspect}/1920.jpg`,
  webp_url: `/assets/i/${"a".repeat(32)}/${aspect}/1920.webp`,
  avif_url: `/assets/i/${"a".repeat(32)}/${aspect}/1920.avif`,
  placeholder: "",
  aspect,
  width: 1920,
  height: 1080,
  extra_aspects: [],
});

const render = (settings: Record<string, unknown>, media?: FrameMedia, contained = true) =>
  renderToString(
    <WidgetFrame settings={settings} media={media} contained={contained}>
      <p>Inside</p>
    </WidgetFrame>,
  );

describe("frameAttributes", () => {
  it("maps background colours by name and by page-block code, and text colours", () => {
    for (const [name, code] of [
      ["white", "wht"],
      ["black", "blk"],
      ["brand", "bnd"],
      ["success", "suc"],
      ["info", "inf"],
      ["warning", "wrn"],
      ["danger", "dng"],
    ]) {
      expect(backgroundClass(name)).toBeTruthy();
      expect(backgroundClass(code)).toBe(backgroundClass(name));
    }
    expect(frameAttributes({ background_colour: "bnd" }).className).toBe("bg-brand text-white frame-coloured");
    // The frame's own text colour replaces the background's (never both: CSS order would pick one).
    expect(frameAttributes({ background_colour: "brand", text_colour: "blk" }).className).toBe(
      "bg-brand text-stone-900 frame-coloured",
    );
    expect(frameAttributes({ background_colour: "warning", text_colour: "wht" }).className).toBe(
      "bg-warning text-white frame-coloured light",
    );
    // Light backgrounds keep their content in light-theme colours, even in the dark theme.
    expect(frameAttributes({ background_colour: "wht" }).className).toBe(
      "bg-white text-stone-900 frame-coloured light",
    );
    expect(frameAttributes({ text_colour: "white" }).className).toBe("text-white");
  });

  it("puts padding and margin of every side on the scale, as logical properties", () => {
    const { style } = frameAttributes({
      padding_top: "8",
      padding_bottom: 4,
      padding_left: "px",
      padding_right: "0.5",
      margin_top: "96",
      margin_bottom: "0",
      margin_left: "2",
      margin_right: "3",
    });
    expect(style).toEqual({
      paddingTop: "calc(var(--spacing) * 8)",
      paddingBottom: "calc(var(--spacing) * 4)",
      paddingInlineStart: "1px",
      paddingInlineEnd: "calc(var(--spacing) * 0.5)",
      marginTop: "calc(var(--spacing) * 96)",
      marginBottom: "calc(var(--spacing) * 0)",
      marginInlineStart: "calc(var(--spacing) * 2)",
      marginInlineEnd: "calc(var(--spacing) * 3)",
    });
  });

  it("ignores unknown values instead of failing", () => {
    const a = frameAttributes({
      background_colour: "purple",
      text_colour: "red",
      padding_top: "13",
      margin_top: "-4",
      anchor_name: "no spaces allowed",
      background_image_opacity: 42,
      background_image_saturation: "grey",
      aos_type: "explode",
      full_width: "maybe",
    });
    expect(a.className).toBe("");
    expect(a.style).toEqual({});
    expect(a.id).toBeUndefined();
    expect(a.animation).toBeNull();
    expect(a.fullWidth).toBe(false);
    expect(a.background).toEqual({ opacity: "opacity-100", saturation: "saturate-100", fixed: false });
    expect(() =>
      frameAttributes({ background_colour: { evil: true }, padding_top: null, aos_offset: [1] }),
    ).not.toThrow();
  });

  it("maps background image opacity, saturation and fixed attachment", () => {
    expect(
      frameAttributes({ background_image_opacity: 30, background_image_saturation: "0", background_image_fixed: 1 })
        .background,
    ).toEqual({
      opacity: "opacity-30",
      saturation: "saturate-0",
      fixed: true,
    });
  });

  it("reads the animation with the spec's defaults: offset 120, duration 400 ms, no delay", () => {
    expect(frameAnimation({ aos_type: "fade-up" })).toEqual({
      type: "fade-up",
      easing: "ease",
      offset: 120,
      duration: 400,
      delay: 0,
    });
    expect(
      frameAnimation({
        aos_type: "zoom-in",
        aos_easing: "ease-out-back",
        aos_offset: "200",
        aos_duration: 800,
        aos_delay: "150",
      }),
    ).toEqual({
      type: "zoom-in",
      easing: "cubic-bezier(0.175, 0.885, 0.32, 1.275)",
      offset: 200,
      duration: 800,
      delay: 150,
    });
    // Out-of-range numbers fall back to the defaults; an unknown easing to "ease".
    expect(
      frameAnimation({ aos_type: "fade", aos_easing: "bouncy", aos_duration: 99999, aos_offset: -5 }),
    ).toMatchObject({ easing: "ease", duration: 400, offset: 120 });
  });
});

describe("WidgetFrame", () => {
  it("renders the anchor, colours, width and the animation attributes", () => {
    const out = render({ anchor_name: "care", background_colour: "blk", aos_type: "fade-up", aos_delay: 100 });
    expect(out).toContain('id="care"');
    expect(out).toContain('class="bg-stone-950 text-white frame-coloured"');
    expect(out).toContain('data-aos="fade-up"');
    expect(out).toContain('data-aos-offset="120"');
    expect(out).toContain("--aos-duration:400ms;--aos-delay:100ms;--aos-easing:ease");
    expect(out).toContain('<div class="mx-auto max-w-6xl px-4"><p>Inside</p></div>');
    expect(render({ full_width: true })).toContain('<section><div class=""><p>Inside</p></div></section>');
  });

  it("renders a background image behind the content, at its opacity and saturation", () => {
    const out = render(
      { background_image_opacity: 50, background_image_saturation: 0 },
      { image: image(), video: null, slate: null },
    );
    expect(out).toContain('class="relative isolate overflow-hidden"');
    expect(out).toMatch(
      /aria-hidden="true" class="pointer-events-none absolute inset-0 -z-10 opacity-50 saturate-0[^"]*"><picture>/,
    );
    expect(out).toContain('type="image/avif"');
    expect(out).toContain('alt=""');
  });

  it("draws a fixed background as a CSS image-set (parallax)", () => {
    const out = render({ background_image_fixed: true }, { image: image(), video: null, slate: null });
    expect(out).toContain("md:bg-fixed");
    expect(out).toContain("image-set(url(&quot;/assets/i/");
    expect(out).not.toContain("<picture>");
  });

  it("renders a background video that loads nothing before the page does, with its slate as poster", () => {
    const slate = image("16x9");
    const out = render({}, { image: null, video: { id: 3, url: "/v/3.mp4", mime: "video/mp4", poster: null }, slate });
    expect(out).toMatch(/<video[^>]*preload="none"/);
    expect(out).toMatch(/<video[^>]*muted=""/);
    expect(out).toContain(`poster="${slate.webp_url}"`);
    expect(out).toContain('<source src="/v/3.mp4" type="video/mp4"/>');
    // The pause button needs JavaScript: the background-video enhancer shows it, with its labels.
    expect(out).toContain('data-enhance="background-video"');
    expect(out).toMatch(/<button[^>]*\shidden=""[^>]*data-pause-label="[^"]+"[^>]*data-play-label="[^"]+"/);
  });

  it("does not add a container inside a row (not contained)", () => {
    expect(render({ background_colour: "info" }, undefined, false)).toBe(
      '<section class="bg-info text-white frame-coloured"><p>Inside</p></section>',
    );
  });
});

describe("hasFrame", () => {
  it("is false for a widget without settings or with only unknown ones", () => {
    expect(hasFrame(undefined)).toBe(false);
    expect(hasFrame({})).toBe(false);
    expect(hasFrame({ background_colour: "mauve", visibility: 1 })).toBe(false);
    expect(hasFrame({ padding_top: "4" })).toBe(true);
    expect(hasFrame({}, { image: image(), video: null, slate: null })).toBe(true);
  });
});
