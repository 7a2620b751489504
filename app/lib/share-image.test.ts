import { describe, expect, it } from "vitest";

import { headSettings } from "~/test/head-settings";

import { buildHead, type HeadSettings } from "./seo";
import { brandCardPath, groundOf, imageHashOf, sharePathOf } from "./share-image";

const H = "0123456789abcdef0123456789abcdef";
const D = "fedcba9876543210fedcba9876543210";

describe("share image paths", () => {
  it("turn any variant of a stored picture into its 1200x630 JPEG", () => {
    for (const url of [
      `/assets/i/${H}/16x9/1920.jpg`,
      `/assets/i/${H}/orig/400.webp`,
      `https://cms.example/assets/i/${H}/4x3/600x450:1200.avif`,
    ]) {
      expect(sharePathOf(url), url).toBe(`/assets/i/${H}/1200x630/1200.jpg`);
    }
    for (const url of [null, "", "/favicon.svg", "https://elsewhere.example/logo.png", `/x/assets/i/${H}/orig/1.jpg`]) {
      expect(sharePathOf(url), String(url)).toBeNull();
    }
    expect(imageHashOf(`/assets/i/${H.toUpperCase()}/orig/400.webp`)).toBeNull();
  });

  it("make the brand card from the logo for the ground: the dark-ground logo on a dark brand colour", () => {
    const logos = {
      organisation_logo: `/assets/i/${H}/orig/800.webp`,
      organisation_logo_dark: `/assets/i/${D}/orig/800.webp`,
    };
    expect(brandCardPath({ ...logos, theme_colour: "#7C4A1E" })).toBe(`/assets/i/${D}/1200x630-7c4a1e/1200.jpg`);
    expect(brandCardPath({ ...logos, theme_colour: "#f5e6d3" })).toBe(`/assets/i/${H}/1200x630-f5e6d3/1200.jpg`);
    // No dark-ground logo: the one logo; a short colour is written out.
    expect(brandCardPath({ organisation_logo: logos.organisation_logo, theme_colour: "#333" })).toBe(
      `/assets/i/${H}/1200x630-333333/1200.jpg`,
    );
    // No stored logo, or no colour: no card.
    expect(brandCardPath({ organisation_logo: "/logo.svg", theme_colour: "#7c4a1e" })).toBeNull();
    expect(brandCardPath({ ...logos, theme_colour: null })).toBeNull();
    expect(groundOf("brown")).toBeNull();
  });
});

describe("buildHead's share image", () => {
  const settings = headSettings({
    organisation_logo: `/assets/i/${H}/orig/800.webp`,
    organisation_logo_dark: `/assets/i/${D}/orig/800.webp`,
    theme_colour: "#7c4a1e",
    dark_theme_colour: "#1c1410",
  });
  const head = (s: HeadSettings) =>
    buildHead({
      settings: s,
      sitemap: [],
      origin: "https://dovetail.example",
      locale: "en",
      theme: "system",
      homeName: "Home",
      pathname: "/about",
    });
  const content = (meta: object[], key: string) =>
    meta
      .filter(
        (m) => (m as { property?: string; name?: string }).property === key || (m as { name?: string }).name === key,
      )
      .map((m) => (m as { content: string }).content);

  it("is the brand card, absolute, 1200x630, a large Twitter card, named after the organisation", () => {
    const meta = head(settings);
    const card = `https://dovetail.example/assets/i/${D}/1200x630-7c4a1e/1200.jpg`;
    expect(content(meta, "og:image")).toEqual([card]);
    expect(content(meta, "og:image:secure_url")).toEqual([card]);
    expect(content(meta, "og:image:width")).toEqual(["1200"]);
    expect(content(meta, "og:image:height")).toEqual(["630"]);
    expect(content(meta, "og:image:alt")).toEqual(["Dovetail Outdoor Furniture"]);
    expect(content(meta, "twitter:card")).toEqual(["summary_large_image"]);
    expect(content(meta, "twitter:image")).toEqual([card]);
  });

  it("falls back to the logo itself, as a small card, when the logo is not a stored image", () => {
    const meta = head({ ...settings, organisation_logo: "/logo.svg", organisation_logo_dark: null });
    expect(content(meta, "og:image")).toEqual(["https://dovetail.example/logo.svg"]);
    expect(content(meta, "twitter:card")).toEqual(["summary"]);
    expect(content(meta, "twitter:image")).toEqual([]);
  });
});
