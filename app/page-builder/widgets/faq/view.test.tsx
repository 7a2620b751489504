import { describe, expect, it } from "vitest";

import { widget as galleryWidget } from "~/test/gallery-fixtures";
import { count } from "~/test/render";
import type { Fields, ShowOptions } from "~/test/widgets";
import { attr, renderWidget, widgetOf } from "~/test/widgets";

/** Renders a widget the way the page does (through WidgetView and the registry). */
const show = (type: string, fields: Fields = {}, opts: ShowOptions = {}) =>
  renderWidget(widgetOf(type, fields, opts.items, opts.id), { data: opts.data });

describe("core/faq", () => {
  const items = [
    { id: 1, name: "Do you deliver?", content: "<p>Yes, <em>statewide</em>.</p>" },
    { id: 2, name: "Which timber?", content: "<p>Spotted gum.</p>" },
    { id: 3, name: "", content: "<p>No question</p>" },
    { name: "Without an id", content: "" },
  ];

  it("has the heading 'Frequently asked questions' by default, or its own", () => {
    expect(show("core/faq", {}, { items })).toContain(">Frequently asked questions</h2>");
    expect(show("core/faq", { heading: "Questions" }, { items })).toContain(">Questions</h2>");
  });

  it("renders each question and its answer", () => {
    const out = show("core/faq", {}, { items });
    expect(out).toContain('<span dir="auto">Do you deliver?</span>');
    expect(out).toContain("<p>Yes, <em>statewide</em>.</p>");
    expect(out).toContain('<span dir="auto">Which timber?</span>');
    expect(out).toContain("<p>Spotted gum.</p>");
    expect(out).toContain('<span dir="auto">Without an id</span>');
    expect(out).not.toContain("No question");
    expect(count(out, "<details")).toBe(3);
  });

  it("gives every <details> of one widget the same name, distinct from another widget's", () => {
    const a = show("core/faq", {}, { items, id: "a1" });
    const names = [...a.matchAll(/<details[^>]*\sname="([^"]*)"/g)].map((m) => m[1]);
    expect(names).toHaveLength(3);
    expect(new Set(names).size).toBe(1);
    const b = show("core/faq", {}, { items, id: "b2" });
    const other = b.match(/<details[^>]*\sname="([^"]*)"/)?.[1];
    expect(other).toBeTruthy();
    expect(other).not.toBe(names[0]);
  });

  it("labels the section with its heading", () => {
    const out = show("core/faq", {}, { items, id: "q" });
    const labelledBy = attr(out, "aria-labelledby");
    expect(out).toContain(`<h2 id="${labelledBy}"`);
  });

  it("renders nothing without questions", () => {
    expect(show("core/faq", { heading: "Q" }, { items: [] })).toBe("");
    expect(show("core/faq", {}, { items: [{ content: "<p>a</p>" }] })).toBe("");
  });
});

describe("core/faq by group", () => {
  const show = (type: string, fields: Fields, data: unknown, opts: ShowOptions = {}) =>
    renderWidget(galleryWidget(type, fields, opts.items), { data });

  it("shows the group's questions after the widget's own, answers as html", () => {
    const html = show(
      "core/faq",
      { group: "Delivery" },
      [{ id: 1, name: "Do you deliver to Noosa?", content: "<p>Yes, <strong>weekly</strong>.</p>", group: "Delivery" }],
      {
        items: [{ id: 1, name: "Inline question?", content: "<p>Inline answer.</p>" }],
      },
    );
    expect(html).toMatch(/<h2[^>]*>Frequently asked questions<\/h2>/);
    expect(html).toMatch(/Inline question\?.*Do you deliver to Noosa\?/s);
    expect(html).toContain("<p>Yes, <strong>weekly</strong>.</p>");
    expect(count(html, "<details")).toBe(2);
  });

  it("ignores a broken load and broken entries", () => {
    expect(show("core/faq", { group: "x" }, null)).toBe("");
    expect(count(show("core/faq", { group: "x" }, [null, 3, { name: "Q?", content: "A" }]), "<details")).toBe(1);
  });
});
