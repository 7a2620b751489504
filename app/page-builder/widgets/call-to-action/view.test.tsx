import { describe, expect, it } from "vitest";

import { HASH_A, HASH_B, widget } from "~/test/content-fixtures";
import { testImage } from "~/test/test-images";
import { renderWidget, tagWith } from "~/test/widgets";

import type { WidgetEnv } from "../../types";

const image = testImage;

const show = (type: string, fields: Record<string, unknown>, data?: unknown, env: Partial<WidgetEnv> = {}) =>
  renderWidget(widget(type, fields), { data, env });

describe("core/call_to_action", () => {
  const fields = {
    heading: "Visit the workshop",
    subheading: "Open every Saturday",
    html: "<p>Come and see.</p>",
    button_text: "Find us",
    button_link: "/where-to-find-us",
  };
  const data = { left: image(HASH_A, "16x9", 300, 169), right: image(HASH_B, "16x9", 300, 169) };

  it("shows the left image, the text and button, then the right image", () => {
    const html = show("core/call_to_action", fields, data);
    const left = html.indexOf(`/assets/i/${HASH_A}/16x9/300.jpg`);
    const heading = html.search(/<h2[^>]*>Visit the workshop<\/h2>/);
    const right = html.indexOf(`/assets/i/${HASH_B}/16x9/300.jpg`);
    expect(left).toBeGreaterThan(-1);
    expect(heading).toBeGreaterThan(left);
    expect(right).toBeGreaterThan(heading);
    expect(html).toContain("Open every Saturday");
    expect(html).toContain("<p>Come and see.</p>");
    expect(tagWith(html, /href="\/where-to-find-us"/)).toBeTruthy();
  });

  it("shows the text alone when the images are missing or failed", () => {
    for (const d of [null, undefined, { left: null, right: null }]) {
      const html = show("core/call_to_action", fields, d);
      expect(html).toContain("Visit the workshop");
      expect(html).not.toContain("<picture>");
    }
  });

  it("renders nothing when empty", () => {
    expect(show("core/call_to_action", {}, null)).toBe("");
    expect(show("core/call_to_action", { heading: ["x"], html: {} }, { left: null, right: null })).toBe("");
  });
});
