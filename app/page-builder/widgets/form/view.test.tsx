import { describe, expect, it } from "vitest";

import { widget } from "~/test/gallery-fixtures";
import type { Fields, ShowOptions } from "~/test/widgets";
import { renderWidget } from "~/test/widgets";

const show = (type: string, fields: Fields, data: unknown, opts: ShowOptions = {}) =>
  renderWidget(widget(type, fields, opts.items), { data, env: { itemUrl: opts.itemUrl ?? null }, url: opts.url });

describe("core/form", () => {
  it("renders nothing until its own issue", () => {
    expect(show("core/form", { id: 3, heading: "Contact us" }, { id: 3 })).toBe("");
  });
});
