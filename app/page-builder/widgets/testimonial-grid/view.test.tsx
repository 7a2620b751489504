import { describe, expect, it } from "vitest";

import { testimonial, widget } from "~/test/content-fixtures";
import { count } from "~/test/render";
import { renderWidget } from "~/test/widgets";

import type { WidgetEnv } from "../../types";

const show = (type: string, fields: Record<string, unknown>, data?: unknown, env: Partial<WidgetEnv> = {}) =>
  renderWidget(widget(type, fields), { data, env });

describe("core/testimonial_grid", () => {
  it("shows a card per testimonial with its rating as five stars read out as one label", () => {
    const html = show("core/testimonial_grid", { heading: "Reviews" }, [
      testimonial(1, { rating: 4 }),
      testimonial(2, { rating: 2 }),
    ]);
    expect(html).toMatch(/<h2[^>]*>Reviews<\/h2>/);
    expect(count(html, "<li")).toBe(2);
    expect(html).toContain('role="img" aria-label="Rated 4 out of 5"');
    expect(html).toContain('aria-label="Rated 2 out of 5"');
    const first = html.slice(html.indexOf("Rated 4"), html.indexOf("Rated 2"));
    expect(count(first, /<svg[^>]*aria-hidden="true"/)).toBe(5);
    expect(count(first, /<svg[^>]*fill="currentColor"/)).toBe(4);
    expect(html).toContain("Quote number 2");
    expect(html).toContain("Customer 2");
  });

  it("shows no stars for a missing or out-of-range rating", () => {
    for (const rating of [null, 0, 6, 4.5, Number.NaN]) {
      const html = show("core/testimonial_grid", {}, [testimonial(1, { rating })]);
      expect(html, String(rating)).toContain("Quote number 1");
      expect(html, String(rating)).not.toContain("Rated");
      expect(html, String(rating)).not.toContain("<svg");
    }
  });

  it("renders nothing without testimonials", () => {
    for (const d of [[], null, undefined]) expect(show("core/testimonial_grid", { heading: "Reviews" }, d)).toBe("");
  });
});
