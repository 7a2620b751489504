import { describe, expect, it } from "vitest";

import type { Widget } from "@contract/pages";
import { chair, chairs, table, tables } from "~/test/catalogue-fixtures";
import { renderWidget } from "~/test/widgets";

import { formatPrice } from "./format";

const widget = (type: string, fields: Record<string, unknown> = {}): Widget => ({
  id: "w1",
  type,
  sort: 0,
  deleted: false,
  fields,
  items: [],
});
const show = (
  type: string,
  data: unknown,
  itemUrl: string | null = null,
  fields: Record<string, unknown> = {},
  url = "/",
) => renderWidget(widget(type, fields), { data, env: { itemUrl }, url });
const contact = { email: "hello@shop.test", phone: "07 5446 0000" };
const withFacts = { ...table, dimensions: "1800 × 900 mm", timber: "Blackbutt", finish: "" };

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
    // Chips jump to each category's section.
    expect(html).toMatch(/<nav aria-label="Categories".*href="#table-settings".*href="#chairs"/s);
    expect(html).toContain('id="table-settings"');
    expect(html).toContain('id="chairs"');
  });

  it("lets the product-view enhancer open the cards in its dialog, wherever products are listed", () => {
    const html = show("Catalogue/list", { groups: [tables], group: tables, products: [table], product: null });
    expect(html).toMatch(/<section[^>]*data-enhance="product-view"/);
    expect(html).toMatch(
      /<a [^>]*data-product-card[^>]*href="\/catalogue\/table-settings\/yandina-table"|<a [^>]*href="\/catalogue\/table-settings\/yandina-table"[^>]*data-product-card/,
    );
    // The dialog is there, closed, with its close button labelled.
    expect(html).toMatch(/<dialog data-product-dialog[^>]*>.*aria-label="Close".*<\/dialog>/s);
    expect(html).not.toMatch(/<dialog[^>]* open/);
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
    // Its sibling categories, itself marked current.
    expect(html).toMatch(/<nav aria-label="Categories"/);
    expect(html).toMatch(/href="\/catalogue\/chairs"/);
    expect(html).toMatch(
      /aria-current="page"[^>]*href="\/catalogue\/table-settings"|href="\/catalogue\/table-settings"[^>]*aria-current="page"/,
    );
  });

  it("shows a product as its own page: name, price, big photo loaded at once, thumbnails as ?photo= links", () => {
    const html = show(
      "Catalogue/list",
      { groups: [tables], group: tables, products: [table], product: table, contact },
      "table-settings",
    );
    expect(html).toMatch(
      /<div data-product-details[^>]*><div[^>]*><h1[^>]*>Yandina table<\/h1><p[^>]*>\$2,450.50<\/p>/,
    );
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchpriority="high"');
    expect(html).toContain('href="?photo=2"');
    expect(html).toContain("/1200.avif");
    // No dialog and no enhancer on the product's own page.
    expect(html).not.toContain("<dialog");
    expect(html).not.toContain("data-enhance");
  });

  it("renders every photo large, showing the one ?photo= names; the others stay hidden", () => {
    const data = { groups: [tables], group: tables, products: [table], product: table, contact };
    const html = show("Catalogue/list", data, "table-settings", {}, "/catalogue/table-settings/yandina-table?photo=2");
    expect(html).toMatch(/<div data-photo-large="0" hidden="">/);
    expect(html).toMatch(/<div data-photo-large="1">/);
    expect(html).toMatch(/<a href="\?photo=2" data-photo="1" aria-current="true"/);
    for (const photo of ["x", "0", "99"]) {
      const other = show("Catalogue/list", data, "table-settings", {}, `/p?photo=${photo}`);
      expect(other.match(/data-photo-large="\d" hidden/g), photo).toHaveLength(1);
    }
  });

  it("lists the facts the product has, and an enquiry by e-mail with its name and by phone", () => {
    const html = show(
      "Catalogue/list",
      { groups: [tables], group: tables, products: [withFacts], product: withFacts, contact },
      "table-settings",
    );
    expect(html).toMatch(
      /<dl[^>]*>.*<dt[^>]*>Dimensions<\/dt><dd[^>]*>1800 × 900 mm<\/dd>.*<dt[^>]*>Timber<\/dt><dd[^>]*>Blackbutt<\/dd>.*<\/dl>/s,
    );
    expect(html).not.toContain("Finish");
    expect(html).toContain('href="mailto:hello@shop.test?subject=Enquiry%3A%20Yandina%20table"');
    expect(html).toMatch(/<a href="mailto:[^"]*"[^>]*>Or email us<\/a>/);
    expect(html).toMatch(
      /<a href="\/contact\?form=enquiry&amp;product=Yandina\+table&amp;product_url=%2Fcatalogue%2F[^"]*"[^>]*>Enquire about this piece<\/a>/,
    );
    expect(html).toMatch(/<a href="tel:0754460000"[^>]*>Call \u20680?7 5446 0000\u2069<\/a>/);
    // Without facts or contact details, neither shows.
    const bare = show(
      "Catalogue/list",
      { groups: [tables], group: tables, products: [table], product: table, contact: null },
      "table-settings",
    );
    expect(bare).not.toContain("<dl");
    expect(bare).not.toContain("mailto:");
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
