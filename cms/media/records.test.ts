/** The pure parts of the image service: aspects, widths, sizes, records, ranges and ETags. */
import { describe, expect, it } from "vitest";

import { etagMatches, parseRange } from "../lib/byte-range";
import { ASPECTS, normaliseAspect, parseWidth, snapWidth, variantSize, WIDTHS } from "./aspects";
import { imageRecord, imageUrl, scaledImageUrl } from "./records";
import { parseVariant, variantPath } from "./variants";

const hash = "0123456789abcdef0123456789abcdef";
const row = { hash, width: 2000, height: 1500, placeholder: "data:image/webp;base64,AAAA" };

describe("aspects and widths", () => {
  it("normalises the ways callers write an aspect; unknown is orig", () => {
    for (const [input, out] of [
      ["4x3", "4x3"],
      ["4by3", "4x3"],
      ["4:3", "4x3"],
      ["4X3", "4x3"],
      ["16by9", "16x9"],
      ["9/16", "9x16"],
      [" 1 x 1 ", "1x1"],
      ["5x5", "orig"],
      ["orig", "orig"],
      ["", "orig"],
      [null, "orig"],
      [undefined, "orig"],
      ["../4x3", "orig"],
    ] as const) {
      expect(normaliseAspect(input), String(input)).toBe(out);
    }
  });

  it("accepts only canonical offered widths and snaps wanted widths up to one", () => {
    expect(parseWidth("400")).toBe(400);
    for (const bad of ["401", "0400", "+400", "4e2", "400.0", "", "99999", "0"])
      expect(parseWidth(bad), bad).toBeNull();
    expect(snapWidth(600)).toBe(600);
    expect(snapWidth(650)).toBe(800);
    expect(snapWidth(1)).toBe(100);
    expect(snapWidth(5000)).toBe(2000);
    expect(snapWidth(undefined)).toBe(1200);
  });

  it("sizes a variant by the aspect, never beyond the original's crop", () => {
    expect(variantSize(2000, 1500, "orig", 1920)).toEqual({ width: 1920, height: 1440 });
    expect(variantSize(2000, 1500, "16x9", 1920)).toEqual({ width: 1920, height: 1080 });
    expect(variantSize(2000, 1500, "9x16", 1920)).toEqual({ width: 843, height: 1499 });
    expect(variantSize(2000, 1500, "1x1", 2000)).toEqual({ width: 1500, height: 1500 });
    expect(variantSize(1200, 900, "orig", 2000)).toEqual({ width: 1200, height: 900 });
    expect(variantSize(1200, 900, "16x3", 2000)).toEqual({ width: 1200, height: 225 });
    for (const aspect of ASPECTS) {
      for (const w of WIDTHS) {
        const s = variantSize(640, 480, aspect, w);
        expect(s.width).toBeLessThanOrEqual(640);
        expect(s.height).toBeLessThanOrEqual(480);
        expect(s.width).toBeGreaterThan(0);
        expect(s.height).toBeGreaterThan(0);
      }
    }
  });
});

describe("image records", () => {
  it("builds URLs of the documented form", () => {
    expect(imageUrl(hash, "4x3", 600, "webp")).toBe(`/assets/i/${hash}/4x3/600.webp`);
  });

  it("answers the spec's Image shape", () => {
    const r = imageRecord(row, { aspect: "4by3", width: 600, extraAspects: ["1x1", "16:9", "bogus", "1x1"] });
    expect(r).toEqual({
      url: `/assets/i/${hash}/4x3/600.jpg`,
      webp_url: `/assets/i/${hash}/4x3/600.webp`,
      avif_url: `/assets/i/${hash}/4x3/600.avif`,
      placeholder: row.placeholder,
      aspect: "4x3",
      width: 600,
      height: 450,
      extra_aspects: [
        {
          aspect: "1x1",
          url: `/assets/i/${hash}/1x1/600.jpg`,
          webp_url: `/assets/i/${hash}/1x1/600.webp`,
          avif_url: `/assets/i/${hash}/1x1/600.avif`,
          placeholder: row.placeholder,
          width: 600,
          height: 600,
        },
        {
          aspect: "16x9",
          url: `/assets/i/${hash}/16x9/600.jpg`,
          webp_url: `/assets/i/${hash}/16x9/600.webp`,
          avif_url: `/assets/i/${hash}/16x9/600.avif`,
          placeholder: row.placeholder,
          width: 600,
          height: 338,
        },
      ],
    });
  });

  it("uses the original's ratio for orig, snaps the width and never exceeds the original", () => {
    expect(imageRecord(row, {})).toMatchObject({
      aspect: "orig",
      width: 1200,
      height: 900,
      url: `/assets/i/${hash}/orig/1200.jpg`,
    });
    expect(imageRecord(row, { aspect: "weird", width: "650" })).toMatchObject({
      aspect: "orig",
      width: 800,
      height: 600,
    });
    const small = { ...row, width: 640, height: 480 };
    expect(imageRecord(small, { aspect: "16x9", width: 1920 })).toMatchObject({
      url: `/assets/i/${hash}/16x9/1920.jpg`,
      width: 640,
      height: 360,
    });
    expect(imageRecord(small, { aspect: "9x16", width: 1920 })).toMatchObject({ width: 270, height: 480 });
    expect(imageRecord(row, { extraAspects: "1x1|4x3,orig" }).extra_aspects.map((e) => e.aspect)).toEqual([
      "1x1",
      "4x3",
      "orig",
    ]);
  });

  it("gives each extra aspect its own pixel size at the record's width, never beyond the original's crop", () => {
    const small = { ...row, width: 640, height: 480 };
    const r = imageRecord(small, { aspect: "1x1", width: 300, extraAspects: ["orig", "16x5", "9x16"] });
    expect(r.extra_aspects.map(({ aspect, width, height }) => ({ aspect, width, height }))).toEqual([
      // Asked for 300 wide: orig keeps the 4:3 ratio, 16x5 is 300×94, 9x16's crop is only 270 wide.
      { aspect: "orig", width: 300, height: 225 },
      { aspect: "16x5", width: 300, height: 94 },
      { aspect: "9x16", width: 270, height: 480 },
    ]);
    expect(imageRecord(row, { width: 2000, extraAspects: "orig" }).extra_aspects[0]).toMatchObject({
      width: 2000,
      height: 1500,
    });
  });

  it("offers 16x5 (the heading widget's banner aspect) like the other fixed aspects", () => {
    expect(normaliseAspect("16:5")).toBe("16x5");
    expect(ASPECTS).toContain("16x5");
    expect(variantSize(2000, 1500, "16x5", 1600)).toEqual({ width: 1600, height: 500 });
    expect(imageRecord(row, { aspect: "16x5", width: 1600 })).toMatchObject({
      url: `/assets/i/${hash}/16x5/1600.jpg`,
      width: 1600,
      height: 500,
    });
  });

  it("writes the spec's scaled URL: a {width}x{height}: prefix before the file name", () => {
    expect(scaledImageUrl(`/assets/i/${hash}/4x3/1200.jpg`, 600, 450)).toBe(`/assets/i/${hash}/4x3/600x450:1200.jpg`);
    expect(scaledImageUrl(`/assets/i/${hash}/4x3/600x450:1200.jpg`, 300, 225)).toBe(
      `/assets/i/${hash}/4x3/300x225:1200.jpg`,
    );
  });
});

describe("variant names and paths", () => {
  it("refuses anything not offered, including traversal and absolute paths", () => {
    expect(parseVariant(hash, "4x3", "400", "jpeg")).toEqual({ hash, aspect: "4x3", width: 400, ext: "jpg" });
    for (const [h, a, w, e] of [
      [hash.toUpperCase(), "4x3", "400", "jpg"],
      [hash.slice(1), "4x3", "400", "jpg"],
      ["../../../../etc/passwd", "4x3", "400", "jpg"],
      [hash, "..", "400", "jpg"],
      [hash, "../..", "400", "jpg"],
      [hash, "/etc", "400", "jpg"],
      [hash, "4x3", "../400", "jpg"],
      [hash, "4x3", "400", "jpg/../../x"],
      [hash, "4x3", "400", "png"],
      [hash, "4x3", "401", "jpg"],
    ]) {
      expect(parseVariant(h, a, w, e), `${h}/${a}/${w}.${e}`).toBeNull();
    }
  });

  it("keeps every offered variant inside the cache folder", () => {
    const key = parseVariant(hash, "orig", 100, "avif")!;
    expect(variantPath("/srv/cache", key)).toBe(`/srv/cache/${hash}/orig/100.avif`);
    // The second guard: a key that slipped past validation still cannot leave the folder.
    expect(variantPath("/srv/cache", { ...key, hash: "../../etc" })).toBeNull();
    expect(variantPath("/srv/cache", { ...key, hash: "/etc" })).toBeNull();
  });
});

describe("HTTP helpers", () => {
  it("parses single byte ranges", () => {
    expect(parseRange(undefined, 100)).toBeNull();
    expect(parseRange("bytes=0-9", 100)).toEqual({ start: 0, end: 9 });
    expect(parseRange("bytes=90-", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-10", 100)).toEqual({ start: 90, end: 99 });
    expect(parseRange("bytes=-1000", 100)).toEqual({ start: 0, end: 99 });
    expect(parseRange("bytes=50-5000", 100)).toEqual({ start: 50, end: 99 });
    expect(parseRange("bytes=100-", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=-0", 100)).toBe("unsatisfiable");
    expect(parseRange("bytes=0-", 0)).toBe("unsatisfiable");
    expect(parseRange("bytes=9-1", 100)).toBeNull();
    expect(parseRange("bytes=0-1,5-6", 100)).toBeNull();
    expect(parseRange("items=0-1", 100)).toBeNull();
  });

  it("matches If-None-Match lists, weak tags and *", () => {
    const etag = `"${hash}-4x3-400-jpg"`;
    expect(etagMatches(etag, etag)).toBe(true);
    expect(etagMatches(`"x", W/${etag}`, etag)).toBe(true);
    expect(etagMatches("*", etag)).toBe(true);
    expect(etagMatches(`"${hash}-4x3-400-webp"`, etag)).toBe(false);
    expect(etagMatches(undefined, etag)).toBe(false);
  });
});
