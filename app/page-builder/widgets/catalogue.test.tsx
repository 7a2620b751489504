import { describe, expect, it } from "vitest";
import type { Slide, Widget } from "~/lib/api/schemas";
import { chair, chairs, image, table, tables } from "~/test/catalogue-fixtures";
import { render } from "~/test/render";
import { WidgetView } from "../widget-view";
import { formatPrice } from "./catalogue-list/view";

const widget = (type: string, fields: Record<string, unknown> = {}): Widget => ({ id: "w1", type, sort: 0, deleted: false, fields, items: [] });
const show = (type: string, data: unknown, itemUrl: string | null = null, fields: Record<string, unknown> = {}) =>
  render(<WidgetView widget={widget(type, fields)} data={data} env={{ itemUrl, signedIn: false }} />);

describe("formatPrice", () => {
  it("prefixes $ and shows cents only when there are some", () => {
    expect(formatPrice(389)).toBe("$389");
    expect(formatPrice(2450.5)).toBe("$2,450.50");
    expect(formatPrice(0.99)).toBe("$0.99");
  });
});

describe("Catalogue/group_promo", () => {
  it("links a card per category to /catalogue/{slug} with a 'View Now' button and its picture", () => {
    const html = show("Catalogue/group_promo", [tables, chairs]);
    expect(html).toContain('href="/catalogue/table-settings"');
    expect(html).toContain('href="/catalogue/chairs"');
    expect(html.match(/>View Now</g)).toHaveLength(2);
    expect(html).toContain('type="image/avif"');
    expect(html).toMatch(/width="600" height="450"/);
    expect(html).toContain('loading="lazy"');
  });
});

describe("Catalogue/list", () => {
  it("lists every category with its products and prices on /catalogue", () => {
    const html = show("Catalogue/list", { groups: [tables, chairs], group: null, products: [table, chair], product: null });
    expect(html).toContain("Table settings");
    expect(html).toContain("$2,450.50");
    expect(html).toContain("$389");
    expect(html).toContain('href="/catalogue/table-settings/yandina-table"');
  });

  it("shows one category under a breadcrumb Home › Catalogue › group", () => {
    const html = show("Catalogue/list", { groups: [tables, chairs], group: tables, products: [table], product: null }, "table-settings");
    expect(html).toMatch(/<nav aria-label="Breadcrumb".*href="\/".*Home.*href="\/catalogue".*Catalogue.*aria-current="page"[^>]*>Table settings/s);
    expect(html).toMatch(/<h1[^>]*>Table settings<\/h1>/);
    expect(html).not.toContain("Montville chair");
  });

  it("shows a product as its own page: name, price, big photo loaded at once, thumbnails as ?photo= links", () => {
    const html = show("Catalogue/list", { groups: [tables], group: tables, products: [table], product: table }, "table-settings");
    expect(html).toMatch(/<h1[^>]*>Yandina table<\/h1>/);
    expect(html).toContain("$2,450.50");
    expect(html).toContain('loading="eager"');
    expect(html).toContain('fetchpriority="high"');
    expect(html).toContain('href="?photo=2"');
    expect(html).toContain("/1200.avif");
  });
});

describe("Catalogue/home_hero", () => {
  const slide = (id: number, heading: string): Slide => ({
    id, heading, sub_heading: "Sub", sub_heading_1: "", content: "", footer: "", image: { ...image(`s${id}`.padEnd(32, "0")), aspect: "16x9", width: 1920, height: 1080 },
    overlay_color: "black", text_color: "white", image_opacity: 70, image_saturation: null, link: "/catalogue", link_button_text: "Browse", link_target: "",
  });
  it("renders every slide, the first image eager and high priority, with dot links for no-JS", () => {
    const html = show("Catalogue/home_hero", [slide(1, "First"), slide(2, "Second")]);
    expect(html).toContain('aria-roledescription="carousel"');
    expect(html.match(/aria-roledescription="slide"/g)).toHaveLength(2);
    expect(html.match(/loading="eager"/g)).toHaveLength(1);
    expect(html).toContain('href="#hero-w1-2"');
    expect(html).toContain('href="/catalogue"');
  });

  it("renders nothing without slides", () => {
    expect(show("Catalogue/home_hero", [])).toBe("");
  });
});
