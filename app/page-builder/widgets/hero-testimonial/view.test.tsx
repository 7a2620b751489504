import { describe, expect, it } from "vitest";

import { testimonial, widget } from "~/test/content-fixtures";
import { count } from "~/test/render";
import { renderWidget } from "~/test/widgets";

import type { WidgetEnv } from "../../types";

const show = (type: string, fields: Record<string, unknown>, data?: unknown, env: Partial<WidgetEnv> = {}) =>
  renderWidget(widget(type, fields), { data, env });

describe("core/hero_testimonial", () => {
  it("shows at most three testimonials as quotes with a round 100 px photo", () => {
    const html = show(
      "core/hero_testimonial",
      { heading: "Kind words" },
      [1, 2, 3, 4].map((i) => testimonial(i)),
    );
    expect(html).toMatch(/<h2[^>]*>Kind words<\/h2>/);
    expect(count(html, "<figure")).toBe(3);
    expect(html).not.toContain("Customer 4");
    expect(html).toMatch(
      /<figure[^>]*>.*<blockquote[^>]*><p>Quote number 1<\/p><\/blockquote><figcaption[^>]*>.*Customer 1.*Buyer of table 1.*<\/figcaption><\/figure>/s,
    );
    expect(html).toMatch(/rounded-full[^"]*"><picture>.*?width="100" height="100"/s);
    expect(html).toContain('sizes="100px"');
  });

  it("leaves out the photo when there is none, and renders nothing without testimonials", () => {
    const html = show("core/hero_testimonial", {}, [testimonial(1, { image: null })]);
    expect(html).toContain("Quote number 1");
    expect(html).not.toContain("<picture>");
    for (const d of [[], null, undefined, [testimonial(2, { name: "", content: " " })]])
      expect(show("core/hero_testimonial", { heading: "Kind words" }, d)).toBe("");
  });
});
