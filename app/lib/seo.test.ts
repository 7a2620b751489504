import { describe, expect, it } from "vitest";

import { documentTitle, sitemapEntryFor } from "./seo";

const settings = { organisation_name: "Dovetail", name: "site", seo_title_prefix: "", seo_title_suffix: " | Dovetail" };

describe("documentTitle", () => {
  it("suffixes the sitemap title and falls back to the organisation name", () => {
    expect(documentTitle(settings, "About us")).toBe("About us | Dovetail");
    expect(documentTitle(settings, "")).toBe("Dovetail");
    expect(documentTitle({ ...settings, organisation_name: "" }, null)).toBe("site");
  });
});

describe("sitemapEntryFor", () => {
  it("matches paths with or without a trailing slash", () => {
    const sitemap = [
      { url: "/", seo_title: "Home", seo_meta_description: "" },
      { url: "/about", seo_title: "About", seo_meta_description: "" },
    ];
    expect(sitemapEntryFor(sitemap, "/about/")?.seo_title).toBe("About");
    expect(sitemapEntryFor(sitemap, "/")?.seo_title).toBe("Home");
    expect(sitemapEntryFor(sitemap, "/nope")).toBeUndefined();
  });
});
