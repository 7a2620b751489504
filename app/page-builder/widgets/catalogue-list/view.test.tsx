import { describe, expect, it } from "vitest";

import type { Widget } from "~/lib/api/schemas";
import { chair, chairs, table, tables } from "~/test/catalogue-fixtures";
import { renderWidget } from "~/test/widgets";

import { formatPrice } from "./view";

const widget = (type: string, fields: Record<string, unknown> = {}): Widget => ({
  id: "w1",
  type,
  sort: 0,
  deleted: false,
  fields,
  items: [],
});
const show = (type: string, data: unknown, itemUrl: string | null = null, fields: Record<string, unknown> = {}) =>
  renderWidget(widget(type, fields), { data, env: { itemUrl } });

describe("formatPrice", () => {
  it("prefixes $ and shows cents only when there are some", () => {
    expect(formatPrice(389)).toBe("$389");
    expect(formatPrice(2450.5)).toBe("$2,450.50");
    expect(formatPrice(0.99)).toBe("$0.99");
  });
});

describe("Catalogue/list", () => {
  it("lists every category with its products and prices on /catalogue", () => {
    const html = show("Catalogue/list", {
      groups: [tables, chairs],
      group: null,
      products: [table, chair],
      product: null,
    });
    expect(html).toContain("Table settings");
    expect(html).toContain("$2,450.50");
    expect(html).toContain("$389");
    expect(html).toContain('href="/catalogue/table-settings/yandina-table"');
  });

  it("shows one category under a breadcrumb Home › Catalogue › group", () => {
    const html = show(
      "Catalogue/list",
      { groups: [tables, chairs], group: tables, products: [table], product: null },
      "table-settings",
    );
    expect(html).toMatch(
      /<nav aria-label="Breadcrumb".*href="\/".*Home.*href="\/catalogue".*Catalogue.*aria-current="page"[^>]*>Table settings/s,
    );
    expect(html).toMatch(/<h1[^>]*>Table settings<\/h1>/);
    expect(html).not.toContain("Montville chair");
  });

  it("shows a product as its own page: name, price, big photo loaded at once, thumbnails as ?photo= links", () => {
    const html = show(
      "Catalogue/list",
      { groups: [tables], group: tables, products: [table], product: table },
      "table-settings",
    );
    expect(html).toMatch(/<h1[^>]*>Yandina table<\/h1>/);
    expect(html).toContain("$2,450.50");
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchpriority="high"');
    expect(html).toContain('href="?photo=2"');
    expect(html).toContain("/1200.avif");
  });

  it("loads the first product's photo at once, with high priority, and every other one lazily", () => {
    const chairs2 = { ...chair, id: 3, slug: "second-chair" };
    for (const data of [
      { groups: [tables, chairs], group: null, products: [table, chair, chairs2], product: null },
      { groups: [tables, chairs], group: chairs, products: [chair, chairs2], product: null },
    ]) {
      const imgs = [...show("Catalogue/list", data).matchAll(/<img [^>]*>/g)].map((m) => m[0]);
      expect(imgs.length).toBeGreaterThan(1);
      expect(imgs[0]).toContain('loading="eager"');
      expect(imgs[0]).toContain('fetchpriority="high"');
      for (const img of imgs.slice(1)) {
        expect(img).toContain('loading="lazy"');
        expect(img).not.toContain("fetchpriority");
      }
    }
  });
});
