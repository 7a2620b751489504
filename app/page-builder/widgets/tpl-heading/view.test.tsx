import { describe, expect, it } from "vitest";

import { HASH_A, widget } from "~/test/content-fixtures";
import { testImage } from "~/test/test-images";
import { renderWidget } from "~/test/widgets";

import type { WidgetEnv } from "../../types";

const image = testImage;

const show = (type: string, fields: Record<string, unknown>, data?: unknown, env: Partial<WidgetEnv> = {}) =>
  renderWidget(widget(type, fields), { data, env });

describe("tpl/heading", () => {
  const data = { image: image(HASH_A, "16x5", 1920, 600) };

  it("puts an h2 title and subtitle over the 16x5 image behind a dark overlay in a fixed-ratio box", () => {
    const html = show("tpl/heading", { title: "Delivery", subtitle: "Fully assembled" }, data);
    expect(html).toMatch(/<h2[^>]*>Delivery<\/h2>/);
    expect(html).toContain("Fully assembled");
    expect(html).toContain(`/assets/i/${HASH_A}/16x5/1920.avif`);
    expect(html).toMatch(/class="[^"]*aspect-\[16\/5\][^"]*"/);
    expect(html).toMatch(/class="absolute inset-0 bg-black\/(5[5-9]|[6-9]\d)"/);
    expect(html).toContain("text-white");
    expect(html).toContain('loading="lazy"');
  });

  it("is the page's h1, loaded at once, when level is h1 (but not on an item's own view)", () => {
    const html = show("tpl/heading", { title: "Delivery", level: "h1" }, data);
    expect(html).toMatch(/<h1[^>]*>Delivery<\/h1>/);
    expect(html).toContain('loading="eager"');
    expect(show("tpl/heading", { title: "Delivery", level: "h1" }, data, { itemUrl: "chairs" })).not.toContain("<h1");
  });

  it("is a plain brand band without an image, and falls back to the heading field", () => {
    const html = show("tpl/heading", { heading: "About us" }, null);
    expect(html).toMatch(/<h2[^>]*>About us<\/h2>/);
    expect(html).toContain("bg-brand");
    expect(html).not.toContain("<picture>");
  });

  it("renders nothing without a title", () => {
    expect(show("tpl/heading", { subtitle: "Alone" }, data)).toBe("");
  });
});
