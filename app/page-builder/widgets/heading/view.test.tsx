import { describe, expect, it } from "vitest";

import type { Fields, ShowOptions } from "~/test/widgets";
import { renderWidget, widgetOf } from "~/test/widgets";

/** Renders a widget the way the page does (through WidgetView and the registry). */
const show = (type: string, fields: Fields = {}, opts: ShowOptions = {}) =>
  renderWidget(widgetOf(type, fields, opts.items, opts.id), { data: opts.data });

describe("core/heading", () => {
  it("renders h1 to h4 as asked", () => {
    for (const level of ["h1", "h2", "h3", "h4"]) {
      const out = show("core/heading", { text: "Our workshop", level });
      expect(out).toMatch(new RegExp(`^<${level} dir="auto" class="[^"]*">Our workshop</${level}>$`));
    }
  });

  it("defaults to h2, and falls back to h2 for a bad level", () => {
    expect(show("core/heading", { text: "T" })).toMatch(/^<h2 /);
    for (const level of ["h5", "H1", "3", 3, "", "script", "h1 onclick"]) {
      expect(show("core/heading", { text: "T", level }), String(level)).toMatch(/^<h2 [^>]*>T<\/h2>$/);
    }
  });

  it("falls back to h2 for Object.prototype names as a level", () => {
    for (const level of ["constructor", "__proto__", "toString"]) {
      expect(show("core/heading", { text: "T", level })).toMatch(/^<h2 [^>]*>T<\/h2>$/);
    }
  });

  it("centres when asked (centered or center, booleans or 1/'true')", () => {
    expect(show("core/heading", { text: "T", centered: true })).toContain("text-center");
    expect(show("core/heading", { text: "T", center: "1" })).toContain("text-center");
    expect(show("core/heading", { text: "T", centered: "true" })).toContain("text-center");
    expect(show("core/heading", { text: "T", centered: false })).not.toContain("text-center");
    expect(show("core/heading", { text: "T" })).not.toContain("text-center");
  });

  it("takes the heading field when text is missing, and escapes text", () => {
    expect(show("core/heading", { heading: "<b>Bold</b>" })).toContain("&lt;b&gt;Bold&lt;/b&gt;");
  });

  it("renders nothing without text", () => {
    expect(show("core/heading", { level: "h1" })).toBe("");
  });
});
