/**
 * Share images through the CMS app (`app.fetch`) on an in-memory PGlite: the 1200×630 crop of a
 * photo and the card of a logo on the brand colour, as a link preview fetches them.
 */
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { CmsApp } from "../app";
import { domains } from "../db/schema";
import { createCmsApp, openTestDatabase, type TestDatabase } from "../test/databases";
import { scene } from "../test/images";
import { IMMUTABLE } from "./routes";
import { groundOf, isShareFrame } from "./share";
import { storeImage } from "./store";
import { parseVariant } from "./variants";

const ORIGIN = "http://cms.test";
const BRAND = "#7C4A1E";
const DARK = "#1c1410";

/** A 300×100 logo: a cream bar on a transparent ground. */
async function logoBytes() {
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="300" height="100"><rect x="0" y="20" width="300" height="60" fill="#f5e6d3"/></svg>`;
  return sharp(Buffer.from(svg)).png().toBuffer();
}

describe("share images", () => {
  let t: TestDatabase;
  let app: CmsApp;
  let tmp: string;
  let photo: { hash: string };
  let small: { hash: string };
  let logo: { hash: string };
  const get = (p: string) => app.fetch(new Request(ORIGIN + p));
  const decode = async (res: Response) => {
    const bytes = Buffer.from(await res.arrayBuffer());
    const { data, info } = await sharp(bytes).raw().toBuffer({ resolveWithObject: true });
    const at = (x: number, y: number) => [...data.subarray((y * info.width + x) * info.channels).subarray(0, 3)];
    return { meta: await sharp(bytes).metadata(), at };
  };

  beforeAll(async () => {
    t = await openTestDatabase("pglite", "share-images");
    tmp = await mkdtemp(path.join(os.tmpdir(), "cms-share-test-"));
    app = createCmsApp(t.database, { imageCacheDir: path.join(tmp, "cache") });
    await t.database.db
      .insert(domains)
      .values({ name: "share.test", settings: { theme_colour: BRAND, dark_theme_colour: DARK } });
    photo = await storeImage(t.database.db, await scene(1600, 1200, 1), "photo");
    small = await storeImage(t.database.db, await scene(400, 300, 2), "small");
    logo = await storeImage(t.database.db, await logoBytes(), "logo");
  });
  afterAll(async () => {
    await t?.dispose();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it("crops a photo to exactly 1200×630 as a JPEG a crawler can keep for a year", async () => {
    const res = await get(`/assets/i/${photo.hash}/1200x630/1200.jpg`);
    expect(res.status).toBe(200);
    expect(res.headers.get("content-type")).toBe("image/jpeg");
    expect(res.headers.get("cache-control")).toBe(IMMUTABLE);
    const { meta } = await decode(res);
    expect([meta.format, meta.width, meta.height]).toEqual(["jpeg", 1200, 630]);
    // A second request is served from disk.
    expect((await get(`/assets/i/${photo.hash}/1200x630/1200.jpg`)).headers.get("server-timing")).toContain("disk");
  });

  it("enlarges a photo smaller than the preview, so every page's image is the full size", async () => {
    const { meta } = await decode(await get(`/assets/i/${small.hash}/1200x630/1200.webp`));
    expect([meta.format, meta.width, meta.height]).toEqual(["webp", 1200, 630]);
  });

  it("draws a card: the logo whole in the middle, the brand colour around it", async () => {
    const res = await get(`/assets/i/${logo.hash}/1200x630-7c4a1e/1200.jpg`);
    expect(res.status).toBe(200);
    const { meta, at } = await decode(res);
    expect([meta.width, meta.height]).toEqual([1200, 630]);
    const near = (rgb: number[], hex: string) => {
      const want = [1, 3, 5].map((i) => parseInt(hex.slice(i, i + 2), 16));
      return rgb.every((c, i) => Math.abs(c - want[i]) <= 12);
    };
    // Corners and edges: the ground; the middle: the logo's cream bar (not cropped off).
    for (const [x, y] of [
      [5, 5],
      [1195, 625],
      [600, 20],
    ])
      expect(near(at(x, y), BRAND), `${x},${y}`).toBe(true);
    expect(near(at(600, 315), "#f5e6d3")).toBe(true);
    // The dark theme's colour is a brand colour too.
    expect((await get(`/assets/i/${logo.hash}/1200x630-1c1410/1200.jpg`)).status).toBe(200);
  });

  it("answers 404 for any other colour, width or form, so strangers cannot make endless variants", async () => {
    for (const p of [
      `/assets/i/${logo.hash}/1200x630-00ff00/1200.jpg`,
      `/assets/i/${logo.hash}/1200x630-7C4A1E/1200.jpg`,
      `/assets/i/${photo.hash}/1200x630/800.jpg`,
      `/assets/i/${photo.hash}/1200x630/1200x630:1200.jpg`,
      `/assets/i/${photo.hash}/1200x631/1200.jpg`,
      `/assets/i/${photo.hash}/600x315/600.jpg`,
    ]) {
      expect((await get(p)).status, p).toBe(404);
    }
  });

  it("names frames and colours strictly", () => {
    expect(isShareFrame("1200x630")).toBe(true);
    expect(isShareFrame("1200x630-7c4a1e")).toBe(true);
    expect(isShareFrame("1200x630-7c4a1")).toBe(false);
    expect(isShareFrame("16x9")).toBe(false);
    expect(parseVariant(photo.hash, "1200x630", "1200", "jpeg")).toMatchObject({ aspect: "1200x630", ext: "jpg" });
    expect(parseVariant(photo.hash, "1200x630", "1000", "jpg")).toBeNull();
    expect(groundOf("#ABC")).toBe("aabbcc");
    expect(groundOf(" #7C4A1E ")).toBe("7c4a1e");
    expect(groundOf("brown")).toBeNull();
  });
});
