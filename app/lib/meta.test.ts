import { describe, expect, it } from "vitest";

import { headSettings } from "~/test/head-settings";

import { cmsPageMeta, withItemHead } from "./meta";
import { buildHead } from "./seo";

const settings = headSettings({ seo_title_suffix: " | Dovetail Outdoor Furniture" });
const sitemap = [{ url: "/catalogue/chairs", seo_title: "Chairs", seo_meta_description: "Chairs we make." }];

function headFor(pathname: string) {
  const meta = buildHead({
    settings,
    sitemap,
    origin: "https://example.com",
    locale: "en",
    theme: "system",
    homeName: "Home",
    pathname,
  });
  return { meta, matches: [{ id: "root", meta, data: { settings, sitemap, origin: "https://example.com" } }] };
}

const value = (meta: object[], key: string) =>
  meta.find((m) => (m as Record<string, string>).name === key || (m as Record<string, string>).property === key) as
    { content: string } | undefined;

describe("withItemHead", () => {
  const item = { title: "In the workshop", description: "How a piece comes together." };

  it("names a page the sitemap does not know after its item, with the site's suffix", () => {
    const { meta, matches } = headFor("/showcase/in-the-workshop");
    expect(meta).toContainEqual({ title: "Dovetail Outdoor Furniture" });
    const head = withItemHead(matches, meta, item, "/showcase/in-the-workshop");
    expect(head).toContainEqual({ title: "In the workshop | Dovetail Outdoor Furniture" });
    expect(value(head, "og:title")?.content).toBe("In the workshop | Dovetail Outdoor Furniture");
    expect(value(head, "twitter:title")?.content).toBe("In the workshop | Dovetail Outdoor Furniture");
    expect(value(head, "description")?.content).toBe("How a piece comes together.");
    expect(value(head, "og:description")?.content).toBe("How a piece comes together.");
  });

  it("leaves the sitemap's entry in charge where there is one, and pages without an item alone", () => {
    const known = headFor("/catalogue/chairs");
    expect(withItemHead(known.matches, known.meta, item, "/catalogue/chairs")).toBe(known.meta);
    const plain = headFor("/showcase/x");
    expect(withItemHead(plain.matches, plain.meta, null, "/showcase/x")).toBe(plain.meta);
  });
});

describe("cmsPageMeta", () => {
  const H = "0123456789abcdef0123456789abcdef";
  const share = { path: `/assets/i/${H}/1200x630/1200.jpg`, alt: "The workshop at dusk" };
  const all = (meta: object[], key: string) =>
    meta
      .filter((m) => (m as Record<string, string>).name === key || (m as Record<string, string>).property === key)
      .map((m) => (m as { content: string }).content);

  it("names the page's own picture for link previews, absolute and described", () => {
    const { matches } = headFor("/about");
    const head = cmsPageMeta(matches, { share }, "/about");
    const url = `https://example.com${share.path}`;
    expect(all(head, "og:image")).toEqual([url]);
    expect(all(head, "twitter:image")).toEqual([url]);
    expect(all(head, "og:image:alt")).toEqual(["The workshop at dusk"]);
    expect(all(head, "og:image:width")).toEqual(["1200"]);
    expect(all(head, "twitter:card")).toEqual(["summary_large_image"]);
    // A picture without words is described by the page's title.
    expect(all(cmsPageMeta(matches, { share: { ...share, alt: "" } }, "/about"), "og:image:alt")).toEqual([
      "Dovetail Outdoor Furniture",
    ]);
  });

  it("types a product's page as a product, with its price, and keeps its JSON-LD Product", () => {
    const { matches } = headFor("/catalogue/chairs/noosa-chair");
    const product = { name: "Noosa chair", description: "", price: 450, images: [], sku: "chairs-noosa-chair" };
    const head = cmsPageMeta(matches, { product }, "/catalogue/chairs/noosa-chair");
    expect(all(head, "og:type")).toEqual(["product"]);
    expect(all(head, "product:price:amount")).toEqual(["450.00"]);
    expect(all(head, "product:price:currency")).toEqual(["AUD"]);
    const graph = head.find((m) => "script:ld+json" in m) as { "script:ld+json": { "@graph": { "@type": string }[] } };
    expect(graph["script:ld+json"]["@graph"].map((n) => n["@type"])).toContain("Product");
  });

  it("names a photo's page after its photo, even on a page the sitemap knows, and makes it its own canonical", () => {
    const { matches } = headFor("/catalogue/chairs");
    const item = { title: "Chairs – photo 2", description: "Sanding by hand" };
    const canonicalPath = "/catalogue/chairs?gallery=g1&photo=2";
    const head = cmsPageMeta(matches, { item, photo: { canonicalPath } }, "/catalogue/chairs");
    expect(head).toContainEqual({ title: "Chairs – photo 2 | Dovetail Outdoor Furniture" });
    expect(all(head, "og:url")).toEqual([`https://example.com${canonicalPath}`]);
    expect(head.filter((m) => "rel" in m && m.rel === "canonical")).toEqual([
      { tagName: "link", rel: "canonical", href: `https://example.com${canonicalPath}` },
    ]);
    expect(all(head, "description")).toEqual(["Sanding by hand"]);
  });
});
