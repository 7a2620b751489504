import { describe, expect, it } from "vitest";

import { HASH_A, widget } from "~/test/content-fixtures";
import { testImage } from "~/test/test-images";
import { renderWidget, tagWith } from "~/test/widgets";

import type { WidgetEnv } from "../../types";

const image = testImage;

const show = (type: string, fields: Record<string, unknown>, data?: unknown, env: Partial<WidgetEnv> = {}) =>
  renderWidget(widget(type, fields), { data, env });

describe("core/image_with_content", () => {
  const fields = {
    heading: "Made to last",
    html: "<p>Solid <em>hardwood</em>.</p>",
    button_text: "About us",
    button_link: "about",
  };
  const data = { image: image(HASH_A, "16x9", 1920, 1080) };

  it("shows its heading, rich text, 16x9 image and a same-site button", () => {
    const html = show("core/image_with_content", fields, data);
    expect(html).toMatch(/<h2[^>]*>Made to last<\/h2>/);
    expect(html).toContain("<p>Solid <em>hardwood</em>.</p>");
    expect(html).toContain(`/assets/i/${HASH_A}/16x9/1920.avif`);
    expect(html).toMatch(/width="1920" height="1080"/);
    expect(html).toContain("(min-width: 768px) 50vw");
    expect(html).toContain("md:grid-cols-2");
    const button = tagWith(html, /href="\/about"/);
    expect(button).toBeTruthy();
    expect(button).not.toContain("target=");
  });

  it("puts the image at the end for image_position right, at the start otherwise", () => {
    const imageBox = (html: string) => html.match(/<div class="([^"]*)"><picture>/)?.[1] ?? "";
    expect(imageBox(show("core/image_with_content", { ...fields, image_position: "right" }, data))).toContain(
      "md:order-last",
    );
    expect(imageBox(show("core/image_with_content", { ...fields, image_position: "left" }, data))).not.toContain(
      "md:order-last",
    );
    expect(imageBox(show("core/image_with_content", fields, data))).not.toContain("md:order-last");
  });

  it("opens an external link in a new tab safely when button_target is blank", () => {
    const html = show(
      "core/image_with_content",
      { ...fields, button_link: "https://example.com/x", button_target: "blank" },
      data,
    );
    const a = tagWith(html, /href="https:\/\/example.com\/x"/);
    expect(a).toContain('target="_blank"');
    expect(a).toContain('rel="noopener noreferrer"');
  });

  it("leaves out an unsafe link's button, and the image when the load failed", () => {
    const html = show("core/image_with_content", { ...fields, button_link: "javascript:alert(1)" }, null);
    expect(html).toContain("Made to last");
    expect(html).not.toContain("About us");
    expect(html).not.toContain("<picture>");
    expect(html).not.toContain("md:grid-cols-2");
  });

  it("renders nothing with neither fields nor image", () => {
    expect(show("core/image_with_content", {}, { image: null })).toBe("");
    expect(show("core/image_with_content", { button_text: "Go" }, null)).toBe("");
  });
});
