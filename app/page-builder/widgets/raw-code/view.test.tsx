import { describe, expect, it } from "vitest";

import type { Fields, ShowOptions } from "~/test/widgets";
import { renderWidget, widgetOf } from "~/test/widgets";

/** Renders a widget the way the page does (through WidgetView and the registry). */
const show = (type: string, fields: Fields = {}, opts: ShowOptions = {}) =>
  renderWidget(widgetOf(type, fields, opts.items, opts.id), { data: opts.data });

describe("core/raw_code", () => {
  it("places the code as written", () => {
    expect(show("core/raw_code", { code: '<iframe src="https://example.com/x"></iframe>' })).toBe(
      '<div dir="auto"><iframe src="https://example.com/x"></iframe></div>',
    );
  });

  it("renders nothing without code", () => {
    expect(show("core/raw_code", { code: "" })).toBe("");
    expect(show("core/raw_code", { html: "<p>not code</p>" })).toBe("");
  });
});
