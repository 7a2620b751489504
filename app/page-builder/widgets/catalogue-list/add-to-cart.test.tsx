import { describe, expect, it } from "vitest";

import type { Widget } from "@contract/pages";
import { table, tables } from "~/test/catalogue-fixtures";
import { renderWidget } from "~/test/widgets";

const widget: Widget = { id: "w1", type: "Catalogue/list", sort: 0, deleted: false, fields: {}, items: [] };
const sku = (over: Record<string, unknown> = {}) => ({
  id: 11,
  code: "DOV-YANDINA",
  name: "Yandina table",
  price: 2450.5,
  stock: 4,
  can_purchase_qty: 4,
  is_event: false,
  event_date: null,
  addons: [{ id: 7, name: "Timber oil care kit", price: 45 }],
  ...over,
});
const page = (shop: unknown) =>
  renderWidget(widget, {
    data: { groups: [tables], group: tables, products: [table], product: table, contact: null, shop },
    env: { itemUrl: "table-settings" },
  });

describe("add to cart on a product's page", () => {
  it("is a plain form to /cart: quantity up to what may be bought, add-ons with their prices", () => {
    const html = page({ skus: [sku()], csrf: "tok", back: "/catalogue/table-settings/yandina-table" });
    expect(html).toMatch(/<form method="post" action="\/cart"/);
    expect(html).toContain('name="csrf" value="tok"');
    expect(html).toMatch(
      /<label for="([^"]+)"[^>]*>Quantity<\/label><input id="\1" name="qty" type="number"[^>]*max="4"/,
    );
    expect(html).toMatch(/name="addons" value="7"\/>Timber oil care kit \(\+\$45\.00\)/);
    expect(html).toContain('<input type="hidden" name="intent" value="add"/>');
    expect(html).toMatch(/<button type="submit"[^>]*>Add to cart<\/button>/);
  });

  it("shows a refused add's error next to the quantity, with what was typed", () => {
    const refused = { sku: "11", qty: "0", error: "Enter a whole number from 1 to 99." };
    const html = page({ skus: [sku()], csrf: "tok", back: "/x", refused });
    expect(html).toMatch(
      /name="qty"[^>]*value="0"[^>]*aria-invalid="true"|name="qty"[^>]*aria-invalid="true"[^>]*value="0"/,
    );
    expect(html).toContain("Enter a whole number from 1 to 99.");
  });

  it("says out of stock and has no button when none may be bought", () => {
    const html = page({ skus: [sku({ stock: 0, can_purchase_qty: 0 })], csrf: "tok", back: "/x" });
    expect(html).toContain("Out of stock");
    expect(html).not.toContain("Add to cart");
  });

  it("shows nothing of the shop, and no token, with the shop closed", () => {
    const html = page(null);
    expect(html).not.toContain('action="/cart"');
    expect(html).not.toContain('name="csrf"');
  });
});
