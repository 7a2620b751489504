import { describe, expect, it } from "vitest";

import { imageSchema } from "./media";

const good = {
  url: "/assets/i/0123456789abcdef0123456789abcdef/4x3/400.jpg",
  webp_url: "https://cdn.example.com/i/x/4x3/400.webp",
  avif_url: null,
  placeholder: "data:image/webp;base64,UklGRh4AAABXRUJQVlA4",
};

describe("imageSchema: upstream URLs go into src, href and CSS only when safe", () => {
  it("keeps same-site paths, http(s) URLs and a base64 placeholder", () => {
    const image = imageSchema.parse(good);
    expect(image.url).toBe(good.url);
    expect(image.webp_url).toBe(good.webp_url);
    expect(image.placeholder).toBe(good.placeholder);
  });

  it("refuses an image whose main URL is a script, another scheme, protocol-relative or breaks out of CSS", () => {
    for (const url of [
      "javascript:alert(1)",
      "data:text/html,x",
      "//evil.example/x.jpg",
      '/x.jpg") ; position:fixed',
      "/x.jpg'",
      "/a b.jpg",
      "/x.jpg)",
    ]) {
      expect(imageSchema.safeParse({ ...good, url }).success, url).toBe(false);
    }
  });

  it("drops an unsafe format URL or placeholder instead of the whole image", () => {
    const image = imageSchema.parse({
      ...good,
      webp_url: "javascript:alert(1)",
      avif_url: '/a.avif");x',
      placeholder: "url(https://evil)",
    });
    expect(image.url).toBe(good.url);
    expect(image.webp_url).toBeNull();
    expect(image.avif_url).toBeNull();
    expect(image.placeholder).toBe("");
  });

  it("checks extra aspects' URLs too", () => {
    expect(imageSchema.safeParse({ ...good, extra_aspects: [{ aspect: "orig", url: "javascript:1" }] }).success).toBe(
      false,
    );
  });
});
