import { describe, expect, it } from "vitest";

import type { Slide } from "@contract/content";
import type { Widget } from "@contract/pages";
import { image } from "~/test/catalogue-fixtures";
import { renderWidget } from "~/test/widgets";

const widget = (type: string, fields: Record<string, unknown> = {}): Widget => ({
  id: "w1",
  type,
  sort: 0,
  deleted: false,
  fields,
  items: [],
});
const show = (type: string, data: unknown, itemUrl: string | null = null, fields: Record<string, unknown> = {}) =>
  renderWidget(widget(type, fields), { data, env: { itemUrl } });

describe("Catalogue/home_hero", () => {
  const slide = (id: number, heading: string): Slide => ({
    id,
    heading,
    sub_heading: "Sub",
    sub_heading_1: "",
    content: "",
    footer: "",
    image: { ...image(`s${id}`.padEnd(32, "0")), aspect: "16x9", width: 1920, height: 1080 },
    overlay_color: "black",
    text_color: "white",
    image_opacity: 70,
    image_saturation: null,
    link: "/catalogue",
    link_button_text: "Browse",
    link_target: "",
  });
  it("renders every slide, the first image eager and high priority, with dot links for no-JS", () => {
    const html = show("Catalogue/home_hero", [slide(1, "First"), slide(2, "Second")]);
    expect(html).toContain('aria-roledescription="carousel"');
    expect(html.match(/aria-roledescription="slide"/g)).toHaveLength(2);
    expect(html.match(/loading="eager"/g)).toHaveLength(1);
    expect(html).toContain('href="#hero-w1-2"');
    expect(html).toContain('href="/catalogue"');
  });

  it("names the slideshow enhancer and renders its pause button hidden, with both labels", () => {
    const html = show("Catalogue/home_hero", [slide(1, "First"), slide(2, "Second")]);
    expect(html).toContain('data-enhance="slideshow"');
    expect(html).toMatch(
      /<button[^>]*\shidden=""[^>]*data-pause-label="Pause the slideshow"[^>]*data-play-label="Play the slideshow"/,
    );
    // One slide is a picture: nothing moves, so nothing to enhance or pause.
    const single = show("Catalogue/home_hero", [slide(1, "First")]);
    expect(single).not.toContain("data-enhance");
    expect(single).not.toContain("<button");
  });

  it("renders nothing without slides", () => {
    expect(show("Catalogue/home_hero", [])).toBe("");
  });
});
