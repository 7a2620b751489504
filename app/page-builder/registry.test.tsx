import { describe, expect, it } from "vitest";
import { renderWidget, widgetOf } from "~/test/widgets";
import type { Fields, ShowOptions } from "~/test/widgets";
import { widgetRegistry } from "./registry";

/** Renders a widget the way the page does (through WidgetView and the registry). */
const show = (type: string, fields: Fields = {}, opts: ShowOptions = {}) =>
  renderWidget(widgetOf(type, fields, opts.items, opts.id), { data: opts.data });

describe("every widget degrades cleanly", () => {
  const empties: [string, Record<string, unknown>][] = [
    ["no fields", {}],
    ["wrong types", { html: {}, content: [], text: {}, heading: [], label: null, level: [], code: null, url: ["x"], page: false, document: {}, location: {}, zoom: "x" }],
  ];
  for (const type of Object.keys(widgetRegistry)) {
    for (const [label, fields] of empties) {
      it(`${type} renders nothing with ${label}`, () => {
        for (const data of [undefined, null, []]) {
          expect(show(type, fields, { data })).toBe("");
        }
      });
    }
  }
});
