import { describe, expect, it } from "vitest";

import { breadcrumbList, headline, structuredData, webPageType } from "./structured-data";

const org = {
  name: "Dovetail Outdoor Furniture",
  abn: "51 824 753 556",
  address: "14 Pioneer Road, Yandina QLD 4561",
  email: "hello@dovetail.example.com",
  phone: "07 5446 0000",
  logo: "https://site.test/logo.png",
  sameAs: ["https://www.facebook.com/dovetail.example"],
};
const page = (path: string, title = "A page") => ({
  origin: "https://site.test",
  path,
  title,
  description: "What the page is about.",
  locale: "en",
  homeName: "Home",
  nameOfPath: (p: string) => ({ "/catalogue": "Catalogue" })[p],
});

type Node = Record<string, unknown>;
const byType = (graph: Node[], type: string) => graph.find((n) => n["@type"] === type) as Node;

describe("webPageType", () => {
  it.each([
    ["/about", "AboutPage"],
    ["/company/about-us", "AboutPage"],
    ["/search", "SearchResultsPage"],
    ["/checkout", "CheckoutPage"],
    ["/contact", "ContactPage"],
    ["/get-in-touch", "ContactPage"],
    ["/contact-us", "ContactPage"],
    ["/help/faq", "FAQPage"],
    ["/delivery", "WebPage"],
    ["/", "WebPage"],
    ["/constructor", "WebPage"],
  ])("%s is a %s", (path, type) => {
    expect(webPageType(path)).toBe(type);
  });
});

describe("headline", () => {
  it("keeps short titles and cuts long ones at 110 characters on a word", () => {
    expect(headline("Short")).toBe("Short");
    const long = "Hand-made outdoor furniture ".repeat(8);
    const cut = headline(long);
    expect(cut.length).toBeLessThanOrEqual(110);
    expect(cut.endsWith("…")).toBe(true);
    expect(long.startsWith(cut.slice(0, -1))).toBe(true);
  });
});

describe("structuredData", () => {
  it("describes the organisation with its required and known properties", () => {
    const data = structuredData(org, page("/about", "About us"));
    expect(data["@context"]).toBe("https://schema.org");
    const o = byType(data["@graph"] as Node[], "Organization");
    expect(o).toMatchObject({
      "@id": "https://site.test/#organization",
      name: org.name,
      url: "https://site.test/",
      taxID: org.abn,
      email: org.email,
      telephone: org.phone,
      sameAs: org.sameAs,
      logo: { "@type": "ImageObject", url: org.logo },
      address: { "@type": "PostalAddress", streetAddress: org.address, addressCountry: "AU" },
    });
  });

  it("names the website with a SearchAction to /search/{query}", () => {
    const site = byType(structuredData(org, page("/"))["@graph"] as Node[], "WebSite");
    expect(site.potentialAction).toEqual({
      "@type": "SearchAction",
      target: { "@type": "EntryPoint", urlTemplate: "https://site.test/search/{search_term_string}" },
      "query-input": "required name=search_term_string",
    });
    expect(site.publisher).toEqual({ "@id": "https://site.test/#organization" });
  });

  it("types the page from its last segment and links it to the website", () => {
    const graph = structuredData(org, page("/about", "About us"))["@graph"] as Node[];
    const p = byType(graph, "AboutPage");
    expect(p).toMatchObject({
      url: "https://site.test/about",
      name: "About us",
      headline: "About us",
      isPartOf: { "@id": "https://site.test/#website" },
    });
    expect(graph.some((n) => n["@type"] === "BreadcrumbList")).toBe(false);
  });

  it("adds a BreadcrumbList on nested paths, named from the sitemap", () => {
    const graph = structuredData(org, page("/catalogue/table-settings", "Table settings"))["@graph"] as Node[];
    const crumbs = byType(graph, "BreadcrumbList");
    expect(crumbs.itemListElement).toEqual([
      { "@type": "ListItem", position: 1, name: "Home", item: "https://site.test/" },
      { "@type": "ListItem", position: 2, name: "Catalogue", item: "https://site.test/catalogue" },
      { "@type": "ListItem", position: 3, name: "Table settings", item: "https://site.test/catalogue/table-settings" },
    ]);
    expect(byType(graph, "WebPage").breadcrumb).toEqual({ "@id": crumbs["@id"] });
  });

  it("prettifies an ancestor the sitemap does not name", () => {
    const crumbs = breadcrumbList({ ...page("/our-range/teak-chairs", "Teak chairs") })!;
    expect(crumbs.itemListElement[1].name).toBe("Our range");
  });

  it("leaves out what the settings do not have", () => {
    const o = byType(
      structuredData({ ...org, logo: null, abn: "", sameAs: [] }, page("/"))["@graph"] as Node[],
      "Organization",
    );
    expect(o).not.toHaveProperty("logo");
    expect(o).not.toHaveProperty("taxID");
    expect(o).not.toHaveProperty("sameAs");
  });
});

describe("a product page", () => {
  it("adds a Product with an Offer in AUD, in stock, valid until the end of next year", () => {
    const graph = structuredData(org, {
      ...page("/catalogue/table-settings/yandina-dining-table", "Yandina dining table"),
      product: {
        name: "Yandina dining table",
        description: "Spotted gum.",
        price: 2450.5,
        images: ["https://site.test/a.jpg"],
        sku: "table-settings-yandina",
      },
      now: new Date("2026-11-21T00:00:00Z"),
    })["@graph"] as Node[];
    const product = byType(graph, "Product");
    expect(product).toMatchObject({
      name: "Yandina dining table",
      description: "Spotted gum.",
      image: ["https://site.test/a.jpg"],
      brand: { "@id": "https://site.test/#organization" },
      offers: {
        "@type": "Offer",
        price: "2450.50",
        priceCurrency: "AUD",
        availability: "https://schema.org/InStock",
        priceValidUntil: "2027-12-31",
        url: "https://site.test/catalogue/table-settings/yandina-dining-table",
      },
    });
    expect(byType(graph, "BreadcrumbList").itemListElement).toHaveLength(4);
  });
});
