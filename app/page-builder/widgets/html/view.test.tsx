import { describe, expect, it } from "vitest";

import type { Fields, ShowOptions } from "~/test/widgets";
import { renderWidget, widgetOf } from "~/test/widgets";

/** Renders a widget the way the page does (through WidgetView and the registry). */
const show = (type: string, fields: Fields = {}, opts: ShowOptions = {}) =>
  renderWidget(widgetOf(type, fields, opts.items, opts.id), { data: opts.data });

describe("core/html", () => {
  it("renders its html as markup", () => {
    expect(show("core/html", { html: "<p>Hello <strong>there</strong></p>" })).toBe(
      '<div dir="auto" class="prose-cms"><p>Hello <strong>there</strong></p></div>',
    );
  });

  it("falls back to the content field", () => {
    expect(show("core/html", { content: "<p>From content</p>" })).toContain("<p>From content</p>");
  });

  it("renders nothing for empty html", () => {
    expect(show("core/html", { html: "" })).toBe("");
  });

  it("renders a numeric html field as text rather than throwing", () => {
    expect(show("core/html", { html: 12 })).toBe('<div dir="auto" class="prose-cms">12</div>');
  });
});
