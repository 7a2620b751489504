import { describe, expect, it } from "vitest";

import { widget } from "~/test/gallery-fixtures";
import type { Fields, ShowOptions } from "~/test/widgets";
import { renderWidget } from "~/test/widgets";

const show = (type: string, fields: Fields, data: unknown, opts: ShowOptions = {}) =>
  renderWidget(widget(type, fields, opts.items), { data, env: { itemUrl: opts.itemUrl ?? null }, url: opts.url });

describe("core/gift_voucher_purchase", () => {
  it("renders nothing until its own issue", () => {
    expect(show("core/gift_voucher_purchase", { amounts: "50|100" }, null)).toBe("");
  });
});
