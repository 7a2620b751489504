import type { Page } from "@playwright/test";

/** The seeded site's identity, as a visitor sees it. */
export const SITE = {
  name: "Dovetail Outdoor Furniture",
  titleSuffix: " | Dovetail Outdoor Furniture",
  abn: "51 824 753 556",
  phone: "07 5446 0000",
  email: "hello@dovetail.example.com",
};

/** The header navigation, in order (seeds/links.json, parent "header"). */
export const HEADER_LINKS = ["Home", "About", "Catalogue", "Delivery", "Where to find us"];

/** Seeded pages: path, h1 and the sitemap's seo_title (the document title before the suffix). */
export const PAGES = {
  home: { path: "/", h1: "Outdoor furniture made by hand on the Sunshine Coast", seoTitle: "Hand-made Timber Outdoor Furniture, Sunshine Coast" },
  about: { path: "/about", h1: "About Dovetail", seoTitle: "About Our Family Workshop" },
  catalogue: { path: "/catalogue", h1: "Catalogue", seoTitle: "Outdoor Furniture Catalogue" },
  delivery: { path: "/delivery", h1: "Delivery", seoTitle: "Delivery Prices and Areas" },
  whereToFindUs: { path: "/where-to-find-us", h1: "Where to find us", seoTitle: "Where to Find Us: Eumundi Markets and Workshop" },
} as const;

/** Keeps the map embed off the network: the journeys check our markup, not Google's page. */
export async function stubMaps(page: Page) {
  await page.route(/^https:\/\/(maps\.google\.com\.au|www\.google\.com)\//, (route) =>
    route.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>map</title>" }),
  );
}

/**
 * Marks the current document so a later check can tell a client-side navigation (marker kept)
 * from a full page load (marker gone). Only meaningful with JavaScript on.
 */
export async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __e2eMarker?: string }).__e2eMarker = "same-document";
  });
}

export async function isSameDocument(page: Page) {
  return page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker === "same-document");
}

/** Waits until React has hydrated the page (its links then navigate client-side). */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const el = document.querySelector("header nav a");
    return Boolean(el && Object.keys(el).some((k) => k.startsWith("__reactProps$")));
  });
}
