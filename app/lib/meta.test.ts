import { describe, expect, it } from "vitest";

import { withItemHead } from "./meta";
import { buildHead, type HeadSettings } from "./seo";

const settings: HeadSettings = {
  name: "Dovetail",
  organisation_name: "Dovetail Outdoor Furniture",
  organisation_abn: "",
  organisation_address: "",
  organisation_email: "",
  organisation_phone: "",
  organisation_logo: null,
  seo_title_prefix: "",
  seo_title_suffix: " | Dovetail Outdoor Furniture",
  theme_colour: null,
  dark_theme_colour: null,
  verification: [],
  sameAs: [],
  twitter: null,
};
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
  return { meta, matches: [{ id: "root", data: { settings, sitemap } }] };
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
