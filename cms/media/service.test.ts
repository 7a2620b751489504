/**
 * The image and video service through the CMS app (`app.fetch`), on each driver: an in-memory
 * PGlite and a fresh PostgreSQL database (skipped, and reported as such, when TEST_DATABASE_URL is
 * unset). Test images are drawn from SVG with sharp; nothing depends on the seed files.
 */
import { mkdtemp, readdir, rm, stat, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { eq, sql } from "drizzle-orm";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { CmsApp } from "../app";
import { images, videos } from "../db/schema";
import { createCmsApp, drivers, openTestDatabase, type TestDatabase } from "../test/databases";
import { photoLike, scene } from "../test/images";
import { type Aspect, ASPECTS, EXTENSIONS, variantSize } from "./aspects";
import { addImage } from "./service";
import { ImageRejected, storeImage } from "./store";
import { type VariantStorage, variantStorage } from "./variant-store";
import { encodeCount, getVariant } from "./variants";

const ORIGIN = "http://cms.test";
const FORMAT_OF = { avif: "heif", webp: "webp", jpg: "jpeg" } as const;

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`image service — ${driver.title}`, () => {
    let t: TestDatabase;
    let app: CmsApp;
    let tmp: string;
    let cacheDir: string;
    /** The app's variant storage: its disk, with the database behind it on PostgreSQL (decision 122). */
    let storage: VariantStorage;
    let secret: string;
    /** 1200×900, for the aspect and format matrix. */
    let photo: { hash: string; width: number; height: number };
    /** 2000×1500 and photo-like, for the timing of a 1920-wide avif. */
    let big: { hash: string; width: number; height: number };
    let videoId: number;
    const videoBytes = Uint8Array.from({ length: 1000 }, (_, i) => (i * 7) & 255);

    const get = (p: string, headers: Record<string, string> = {}) => app.fetch(new Request(ORIGIN + p, { headers }));
    const post = (p: string, body: unknown) =>
      app.fetch(
        new Request(ORIGIN + p, {
          method: "POST",
          headers: { "content-type": "application/json" },
          body: typeof body === "string" ? body : JSON.stringify(body),
        }),
      );
    const pixels = async (res: Response) => sharp(Buffer.from(await res.arrayBuffer())).metadata();
    async function expectJson404(res: Response) {
      expect(res.status).toBe(404);
      expect(res.headers.get("content-type")).toContain("application/json");
      expect(await res.json()).toEqual({ message: expect.any(String), status: 404 });
    }

    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "images");
      tmp = await mkdtemp(path.join(os.tmpdir(), "cms-images-test-"));
      cacheDir = path.join(tmp, "cache");
      // Something a traversal would love to read, next to (not inside) the cache folder.
      secret = path.join(tmp, "secret.jpg");
      await writeFile(secret, "TOP SECRET");
      app = createCmsApp(t.database, { imageCacheDir: cacheDir });
      storage = variantStorage(t.database.db, cacheDir, driver.name === "postgres");
      photo = await storeImage(t.database.db, await scene(1200, 900, 1), "photo");
      big = await storeImage(t.database.db, await photoLike(2000, 1500, driver.name === "pglite" ? 1 : 2), "big");
      [{ id: videoId }] = await t.database.db
        .insert(videos)
        .values({ name: "clip", bytes: videoBytes })
        .returning({ id: videos.id });
    });
    afterAll(async () => {
      await t?.dispose();
      if (tmp) await rm(tmp, { recursive: true, force: true });
    });

    describe("variants", () => {
      it("each aspect and each format gives an image of the right pixel size and format", async () => {
        for (const aspect of ASPECTS) {
          const want = variantSize(photo.width, photo.height, aspect, 200);
          if (aspect !== "orig") {
            const [aw, ah] = aspect.split("x").map(Number);
            // The height is the width at the aspect's ratio, to the nearest pixel.
            expect(Math.abs(want.height - (want.width * ah) / aw)).toBeLessThanOrEqual(0.5);
          } else {
            expect(want).toEqual({ width: 200, height: 150 });
          }
          for (const ext of EXTENSIONS) {
            const res = await get(`/assets/i/${photo.hash}/${aspect}/200.${ext}`);
            expect(res.status, `${aspect}/200.${ext}`).toBe(200);
            expect(res.headers.get("content-type")).toBe(
              { avif: "image/avif", webp: "image/webp", jpg: "image/jpeg" }[ext],
            );
            const meta = await pixels(res);
            expect(meta.format, `${aspect}/200.${ext}`).toBe(FORMAT_OF[ext]);
            if (ext === "avif") expect(meta.compression).toBe("av1");
            expect({ width: meta.width, height: meta.height }, `${aspect}/200.${ext}`).toEqual(want);
          }
        }
      });

      it("answers jpeg as an alias of jpg, from the same cached file", async () => {
        const a = await get(`/assets/i/${photo.hash}/4x3/200.jpg`);
        const before = encodeCount();
        const b = await get(`/assets/i/${photo.hash}/4x3/200.jpeg`);
        expect(b.status).toBe(200);
        expect(b.headers.get("content-type")).toBe("image/jpeg");
        expect(encodeCount()).toBe(before);
        expect(Buffer.from(await b.arrayBuffer()).equals(Buffer.from(await a.arrayBuffer()))).toBe(true);
      });

      it("never enlarges beyond the original", async () => {
        for (const [aspect, size] of [
          ["orig", { width: 1200, height: 900 }],
          ["16x3", { width: 1200, height: 225 }],
          ["1x1", { width: 900, height: 900 }],
          ["9x16", { width: 506, height: 900 }],
        ] as [Aspect, { width: number; height: number }][]) {
          const meta = await pixels(await get(`/assets/i/${photo.hash}/${aspect}/2000.webp`));
          expect({ width: meta.width, height: meta.height }, aspect).toEqual(size);
        }
      });

      it("makes a variant once, writes it to disk and serves later requests from there", async () => {
        const file = path.join(cacheDir, photo.hash, "8x5", "600.webp");
        const before = encodeCount();
        const first = await getVariant(t.database.db, storage, photo.hash, "8x5", 600, "webp");
        expect(first?.made).toBe(true);
        expect(encodeCount()).toBe(before + 1);
        const { mtimeMs } = await stat(file);
        // No temp files are left behind.
        expect((await readdir(path.dirname(file))).filter((f) => !/^\d+\.(avif|webp|jpg)$/.test(f))).toEqual([]);

        const second = await getVariant(t.database.db, storage, photo.hash, "8x5", 600, "webp");
        expect(second?.made).toBe(false);
        expect(second?.bytes.equals(first!.bytes)).toBe(true);
        const res = await get(`/assets/i/${photo.hash}/8x5/600.webp`);
        expect(Buffer.from(await res.arrayBuffer()).equals(first!.bytes)).toBe(true);
        expect(encodeCount()).toBe(before + 1);
        expect((await stat(file)).mtimeMs).toBe(mtimeMs);

        // The disk copy is rebuildable: a lost file is made again from the original, or on
        // PostgreSQL copied again from the variant every instance shares.
        await rm(file);
        const remade = await getVariant(t.database.db, storage, photo.hash, "8x5", 600, "webp");
        expect(remade?.source).toBe(driver.name === "postgres" ? "stored" : "made");
        expect(remade?.bytes.equals(first!.bytes)).toBe(true);
        expect(encodeCount()).toBe(before + (driver.name === "postgres" ? 1 : 2));
        expect((await stat(file)).isFile()).toBe(true);
      });

      it("encodes once the widths past the original's, which are one picture, and copies it for the others", async () => {
        // The photo is 1200×900: its widest 16x9 crop is 1200×675, and 1600, 1920 and 2000 never enlarge past it.
        const before = encodeCount();
        const first = await getVariant(t.database.db, storage, photo.hash, "16x9", 1600, "jpg");
        expect(first?.source).toBe("made");
        for (const width of [1920, 2000, 1200] as const) {
          const twin = await getVariant(t.database.db, storage, photo.hash, "16x9", width, "jpg");
          expect(twin?.source, `16x9/${width}.jpg`).toBe("twin");
          expect(twin?.made).toBe(true);
          expect(twin?.bytes.equals(first!.bytes), `16x9/${width}.jpg`).toBe(true);
          expect((await stat(path.join(cacheDir, photo.hash, "16x9", `${width}.jpg`))).isFile()).toBe(true);
        }
        expect(encodeCount()).toBe(before + 1);
        expect(await pixels(await get(`/assets/i/${photo.hash}/16x9/2000.jpg`))).toMatchObject({
          width: 1200,
          height: 675,
        });
        // Narrower than the original, each width is a picture of its own.
        const narrower = await getVariant(t.database.db, storage, photo.hash, "16x9", 1000, "jpg");
        expect(narrower?.source).toBe("made");
        expect(encodeCount()).toBe(before + 2);
      });

      it("makes a variant once when many requests for it arrive together", async () => {
        const before = encodeCount();
        const all = await Promise.all(Array.from({ length: 6 }, () => get(`/assets/i/${photo.hash}/5x8/300.avif`)));
        expect(all.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
        expect(encodeCount()).toBe(before + 1);
        const direct = await Promise.all(
          Array.from({ length: 4 }, () => getVariant(t.database.db, storage, photo.hash, "3x4", 100, "jpg")),
        );
        expect(direct.filter((v) => v?.made)).toHaveLength(1);
        expect(encodeCount()).toBe(before + 2);
      });

      it("serves variants for a year, immutable, with a strong ETag, and 304 on If-None-Match", async () => {
        const url = `/assets/i/${photo.hash}/16x9/300.jpg`;
        const res = await get(url);
        expect(res.status).toBe(200);
        expect(res.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
        const etag = res.headers.get("etag");
        expect(etag).toBe(`"${photo.hash}-16x9-300-jpg"`);
        expect(Number(res.headers.get("content-length"))).toBe((await res.arrayBuffer()).byteLength);

        for (const inm of [etag!, `W/${etag}`, `"other", ${etag}`]) {
          const again = await get(url, { "if-none-match": inm });
          expect(again.status, inm).toBe(304);
          expect(again.headers.get("etag")).toBe(etag);
          expect(again.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
          expect(await again.text()).toBe("");
        }
        expect((await get(url, { "if-none-match": `"${photo.hash}-16x9-300-webp"` })).status).toBe(200);
      });

      it("answers the spec's scaled form with the offered width at or above the one asked for", async () => {
        const res = await get(`/assets/i/${photo.hash}/4x3/600x450:1200.jpg`);
        expect(res.status).toBe(200);
        expect(res.headers.get("etag")).toBe(`"${photo.hash}-4x3-600-jpg"`);
        expect((await pixels(res)).width).toBe(600);
        const odd = await get(`/assets/i/${photo.hash}/4x3/625x469:1200.jpg`);
        expect((await pixels(odd)).width).toBe(800);
        await expectJson404(await get(`/assets/i/${photo.hash}/4x3/600x450:1201.jpg`));
      });

      it("404s bad hashes, unknown images, bad aspects, widths and extensions", async () => {
        const h = photo.hash;
        const unknown = "f".repeat(32);
        const before = encodeCount();
        for (const p of [
          `/assets/i/${h.toUpperCase()}/4x3/400.jpg`,
          `/assets/i/${h.slice(0, 31)}/4x3/400.jpg`,
          `/assets/i/${h}0/4x3/400.jpg`,
          `/assets/i/not-a-hash/4x3/400.jpg`,
          `/assets/i/${unknown}/4x3/400.jpg`,
          `/assets/i/${h}/4by3/400.jpg`,
          `/assets/i/${h}/5x5/400.jpg`,
          `/assets/i/${h}/ORIG/400.jpg`,
          `/assets/i/${h}/4x3/401.jpg`,
          `/assets/i/${h}/4x3/0400.jpg`,
          `/assets/i/${h}/4x3/3000.jpg`,
          `/assets/i/${h}/4x3/0.jpg`,
          `/assets/i/${h}/4x3/1e3.jpg`,
          `/assets/i/${h}/4x3/400.png`,
          `/assets/i/${h}/4x3/400.gif`,
          `/assets/i/${h}/4x3/400.JPG`,
          `/assets/i/${h}/4x3/400.jpg.jpg`,
          `/assets/i/${h}/4x3/400`,
          `/assets/i/${h}/4x3/400.jpg/extra`,
          `/assets/i/${h}/4x3`,
        ]) {
          const res = await get(p);
          expect(res.status, p).toBe(404);
          expect(await res.json(), p).toEqual({ message: expect.any(String), status: 404 });
        }
        expect(encodeCount()).toBe(before);
      });

      it("never reads outside the cache folder: traversal attempts are 404s", async () => {
        const h = photo.hash;
        const before = new Set(await readdir(tmp));
        for (const p of [
          `/assets/i/${h}/../../../secret.jpg`,
          `/assets/i/${h}/%2e%2e/%2e%2e/secret.jpg`,
          `/assets/i/${h}/4x3/..%2F..%2F..%2Fsecret.jpg`,
          `/assets/i/${h}/..%2F..%2F..%2Fsecret/400.jpg`,
          `/assets/i/..%2F..%2F..%2Fsecret/4x3/400.jpg`,
          `/assets/i/${h}/4x3/%2e%2e%2f%2e%2e%2fsecret.jpg`,
          `/assets/i/${h}/4x3/..%5C..%5Csecret.jpg`,
          `/assets/i/${h}/%252e%252e/400.jpg`,
          `/assets/i/${encodeURIComponent(secret)}/4x3/400.jpg`,
          `/assets/i/${h}/4x3/${encodeURIComponent(secret)}`,
          `/assets/i/${h}/${encodeURIComponent(path.dirname(secret))}/400.jpg`,
          `/assets/i/${h}/4x3/400.jpg%00.png`,
        ]) {
          const res = await get(p);
          expect(res.status, p).toBe(404);
          expect(await res.text(), p).not.toContain("TOP SECRET");
        }
        // getVariant itself refuses the same names, absolute paths included.
        for (const [hash, aspect, width, ext] of [
          [h, "../..", 400, "jpg"],
          [h, "/etc", 400, "jpg"],
          [secret, "4x3", 400, "jpg"],
          ["../../secret", "4x3", 400, "jpg"],
          [h, "4x3", "../secret", "jpg"],
          [h, "4x3", 400, "jpg/../../../secret"],
        ] as const) {
          expect(await getVariant(t.database.db, storage, hash, aspect, width, ext)).toBeNull();
        }
        // Nothing was written beside the cache folder.
        expect(new Set(await readdir(tmp))).toEqual(before);
      });

      it("times a 1920-wide avif of a 2000×1500 image: first request and cached", async () => {
        const url = `/assets/i/${big.hash}/orig/1920.avif`;
        let t0 = performance.now();
        const first = await get(url);
        const firstBytes = await first.arrayBuffer();
        const firstMs = performance.now() - t0;
        expect(first.status).toBe(200);
        const meta = await sharp(Buffer.from(firstBytes)).metadata();
        expect([meta.format, meta.width, meta.height]).toEqual(["heif", 1920, 1440]);
        expect((await stat(path.join(cacheDir, big.hash, "orig", "1920.avif"))).size).toBe(firstBytes.byteLength);

        const cachedMs: number[] = [];
        for (let i = 0; i < 5; i++) {
          t0 = performance.now();
          const again = await get(url);
          await again.arrayBuffer();
          cachedMs.push(performance.now() - t0);
          expect(again.status).toBe(200);
        }
        cachedMs.sort((a, b) => a - b);
        console.log(
          `[timing ${driver.name}] 1920-wide avif of 2000×1500: first request ${firstMs.toFixed(0)} ms (${firstBytes.byteLength} bytes); ` +
            `cached median ${cachedMs[2].toFixed(1)} ms (min ${cachedMs[0].toFixed(1)}, max ${cachedMs[4].toFixed(1)})`,
        );
        expect(cachedMs[2]).toBeLessThan(firstMs);
      });
    });

    describe("addImage", () => {
      it("stores an original once and gives the change to announce", async () => {
        const bytes = await scene(640, 480, 9);
        const first = await addImage(t.database.db, bytes, "upload.png");
        expect(first.image).toMatchObject({ width: 640, height: 480, mime: "image/png" });
        // An API path, as the site's purge accepts; told of any change, the site walks its pages again.
        expect(first.change).toEqual({ paths: ["/api/v1/cognito/image/"] });
        const again = await addImage(t.database.db, bytes, "same bytes, another name");
        expect(again.image.hash).toBe(first.image.hash);
        const [{ count }] = await t.database.db
          .select({ count: sql<number>`count(*)`.mapWith(Number) })
          .from(images)
          .where(eq(images.hash, first.image.hash));
        expect(count).toBe(1);
        expect((await get(`/assets/i/${first.image.hash}/4x3/200.webp`)).status).toBe(200);
        await expect(addImage(t.database.db, new TextEncoder().encode("not an image"))).rejects.toThrow(ImageRejected);
      });
    });

    describe("POST /api/v1/cognito/image/getByHash", () => {
      const API = "/api/v1/cognito/image/getByHash";

      it("answers the image record, whose URLs give images of the stated size", async () => {
        const res = await post(API, {
          hash: photo.hash,
          image_aspect: "16by9",
          image_width: 600,
          extra_aspects: ["1x1", "4:3"],
        });
        expect(res.status).toBe(200);
        const { data } = await res.json();
        expect(data).toEqual({
          url: `/assets/i/${photo.hash}/16x9/600.jpg`,
          webp_url: `/assets/i/${photo.hash}/16x9/600.webp`,
          avif_url: `/assets/i/${photo.hash}/16x9/600.avif`,
          placeholder: expect.stringMatching(/^data:image\/webp;base64,/),
          aspect: "16x9",
          width: 600,
          height: 338,
          extra_aspects: [
            expect.objectContaining({ aspect: "1x1", url: `/assets/i/${photo.hash}/1x1/600.jpg` }),
            expect.objectContaining({ aspect: "4x3", avif_url: `/assets/i/${photo.hash}/4x3/600.avif` }),
          ],
        });
        for (const e of data.extra_aspects) {
          expect(Object.keys(e).sort()).toEqual([
            "aspect",
            "avif_url",
            "height",
            "placeholder",
            "url",
            "webp_url",
            "width",
          ]);
          // Each extra aspect states the size its variant really has (what a lightbox opens at).
          const m = await pixels(await get(e.webp_url));
          expect([m.width, m.height], e.aspect).toEqual([e.width, e.height]);
        }
        const meta = await pixels(await get(data.webp_url));
        expect([meta.width, meta.height]).toEqual([data.width, data.height]);

        // Defaults: the original aspect; a width beyond the original is the original's.
        const orig = (await (await post(API, { hash: photo.hash, image_width: "1920" })).json()).data;
        expect(orig).toMatchObject({
          aspect: "orig",
          width: 1200,
          height: 900,
          url: `/assets/i/${photo.hash}/orig/1920.jpg`,
          extra_aspects: [],
        });
        const m = await pixels(await get(orig.avif_url));
        expect([m.width, m.height]).toEqual([1200, 900]);
      });

      it("400s a bad body, naming the field", async () => {
        for (const [body, field] of [
          [{}, "hash"],
          [{ hash: 42 }, "hash"],
          [{ hash: photo.hash.toUpperCase() }, "hash"],
          [{ hash: "../../etc/passwd" }, "hash"],
          [{ hash: photo.hash, image_width: "wide" }, "image_width"],
          [{ hash: photo.hash, image_width: -5 }, "image_width"],
          [{ hash: photo.hash, image_aspect: 16 }, "image_aspect"],
          [{ hash: photo.hash, extra_aspects: [1, 2] }, "extra_aspects"],
          ["not json", "body"],
          [[], "body"],
        ] as const) {
          const res = await post(API, body);
          expect(res.status, JSON.stringify(body)).toBe(400);
          const json = await res.json();
          expect(json.status).toBe(400);
          expect(json.message, JSON.stringify(body)).toMatch(new RegExp(`^${field}`));
        }
      });

      it("404s an unknown image", async () => {
        await expectJson404(await post(API, { hash: "0".repeat(32) }));
      });
    });

    describe("GET /v/{id}.mp4", () => {
      const IMMUTABLE = "public, max-age=31536000, immutable";

      it("answers the whole video without a range", async () => {
        const res = await get(`/v/${videoId}.mp4`);
        expect(res.status).toBe(200);
        expect(res.headers.get("content-type")).toBe("video/mp4");
        expect(res.headers.get("accept-ranges")).toBe("bytes");
        expect(res.headers.get("cache-control")).toBe(IMMUTABLE);
        expect(res.headers.get("content-length")).toBe("1000");
        expect(new Uint8Array(await res.arrayBuffer())).toEqual(videoBytes);
      });

      it("answers single ranges with 206 and Content-Range", async () => {
        for (const [range, start, end] of [
          ["bytes=0-99", 0, 99],
          ["bytes=900-", 900, 999],
          ["bytes=-10", 990, 999],
          ["bytes=990-5000", 990, 999],
          ["bytes=500-500", 500, 500],
        ] as const) {
          const res = await get(`/v/${videoId}.mp4`, { range });
          expect(res.status, range).toBe(206);
          expect(res.headers.get("content-range"), range).toBe(`bytes ${start}-${end}/1000`);
          expect(res.headers.get("content-length")).toBe(String(end - start + 1));
          expect(res.headers.get("accept-ranges")).toBe("bytes");
          expect(new Uint8Array(await res.arrayBuffer()), range).toEqual(videoBytes.slice(start, end + 1));
        }
        // Several ranges at once: the whole video instead.
        expect((await get(`/v/${videoId}.mp4`, { range: "bytes=0-1,5-6" })).status).toBe(200);
      });

      it("answers 416 to an unsatisfiable range", async () => {
        for (const range of ["bytes=1000-", "bytes=5000-6000", "bytes=-0"]) {
          const res = await get(`/v/${videoId}.mp4`, { range });
          expect(res.status, range).toBe(416);
          expect(res.headers.get("content-range")).toBe("bytes */1000");
        }
      });

      it("404s unknown and malformed ids", async () => {
        for (const p of [
          "/v/999999.mp4",
          "/v/abc.mp4",
          `/v/${videoId}.webm`,
          `/v/${videoId}`,
          "/v/0.mp4",
          "/v/99999999999.mp4",
          "/v/-1.mp4",
          "/v/..%2F1.mp4",
        ]) {
          const res = await get(p);
          expect(res.status, p).toBe(404);
          expect(await res.json()).toEqual({ message: expect.any(String), status: 404 });
        }
      });
    });
  });
}
