/**
 * The encode queue's bound and the per-client limit, through the CMS app (`app.fetch`), on each
 * driver: a burst of distinct uncached variants must not hold up an ordinary cached one, what does
 * not fit is refused at once with a picture the browser can still show, and one client cannot
 * make the server encode without end. A call with Node's request as its environment comes from
 * that request's address; a call without one comes from the same process.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import type { CmsApp } from "../app";
import { createCmsApp, drivers, openTestDatabase, type TestDatabase } from "../test/databases";
import { photoLike, scene } from "../test/images";
import { type Aspect, aspectRatio, ASPECTS } from "./aspects";
import { encodeRateLimit } from "./rate-limit";
import { standInFor } from "./stand-in";
import { storeImage } from "./store";
import { encodeCount, encodeQueue, parseVariant } from "./variants";

const ORIGIN = "http://cms.test";

/** An aspect's height for a width (the original's for `orig`). */
function heightFor(aspect: Aspect, width: number, original: { width: number; height: number }) {
  const [w, h] = aspectRatio(aspect) ?? [original.width, original.height];
  return (width * h) / w;
}

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`image encode queue and rate limit — ${driver.title}`, () => {
    let t: TestDatabase;
    let app: CmsApp;
    let tmp: string;
    let cacheDir: string;
    /** 2000×1500 and photo-like: its large AVIFs take long enough to make for a queue to form. */
    let big: { hash: string; width: number; height: number };
    let small: { hash: string; width: number; height: number };
    // Addresses from TEST-NET-3, apart for each driver: the limit is the process's.
    const net = driver.name === "pglite" ? "203.0.113" : "198.51.100";

    const get = (p: string, client?: string) =>
      app.fetch(new Request(ORIGIN + p), client ? { incoming: { socket: { remoteAddress: client } } } : undefined);

    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "image-queue");
      tmp = await mkdtemp(path.join(os.tmpdir(), "cms-image-queue-test-"));
      cacheDir = path.join(tmp, "cache");
      app = createCmsApp(t.database, { imageCacheDir: cacheDir });
      big = await storeImage(t.database.db, await photoLike(2000, 1500, driver.name === "pglite" ? 3 : 4), "big");
      small = await storeImage(t.database.db, await scene(1200, 900, driver.name === "pglite" ? 5 : 6), "small");
    });
    afterAll(async () => {
      await t?.dispose();
      if (tmp) await rm(tmp, { recursive: true, force: true });
    });

    it("serves a cached 400.webp at once through 30 distinct uncached requests, and 503s what does not fit", async () => {
      const ordinaryUrl = `/assets/i/${small.hash}/4x3/400.webp`;
      expect((await get(ordinaryUrl)).status).toBe(200);
      const before = encodeCount();

      const flood = ASPECTS.flatMap((aspect) =>
        [1200, 1000, 900].map((width) => ({ aspect, width, url: `/assets/i/${big.hash}/${aspect}/${width}.avif` })),
      );
      expect(flood).toHaveLength(30);
      let firstMadeAt = Infinity;
      const answers = flood.map(async (f) => {
        const res = await get(f.url);
        const at = performance.now();
        if (res.status === 200) firstMadeAt = Math.min(firstMadeAt, at);
        return { ...f, res, at, bytes: Buffer.from(await res.arrayBuffer()) };
      });

      const ordinary = await get(ordinaryUrl);
      const ordinaryAt = performance.now();
      // Everything answered before anything is checked: a failure leaves no encode behind.
      const done = await Promise.all(answers);
      expect(ordinary.status).toBe(200);
      expect(ordinary.headers.get("server-timing")).toBe('variant;desc="disk"');
      // Served before the first of the 30 was even made: relative to the encodes, not a fixed
      // number of milliseconds, which a loaded 2-core machine overran now and then.
      expect(ordinaryAt).toBeLessThan(firstMadeAt);
      const made = done.filter((a) => a.res.status === 200);
      const overflow = done.filter((a) => a.res.status === 503);
      expect(made.length + overflow.length).toBe(30);
      expect(made.length).toBeLessThanOrEqual(encodeQueue.capacity);
      expect(overflow.length).toBeGreaterThanOrEqual(30 - encodeQueue.capacity);
      expect(encodeCount() - before).toBe(made.length);

      for (const o of overflow) {
        // Refused at once, not after waiting for the queue.
        expect(o.at, o.url).toBeLessThan(firstMadeAt);
        expect(o.res.headers.get("retry-after")).toBe("2");
        expect(o.res.headers.get("cache-control")).toBe("no-store");
        expect(o.res.headers.get("etag")).toBeNull();
        expect(o.res.headers.get("content-type")).toMatch(/^image\//);
        // A picture of the same shape: the page's box keeps its size.
        const meta = await sharp(o.bytes).metadata();
        expect(meta.height!, o.url).toBeCloseTo(heightFor(o.aspect, meta.width!, big), -0.5);
      }
      // The refused variants are made on a later request.
      const again = await get(overflow[0].url);
      expect(again.status).toBe(200);
      expect(again.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    });

    it("stands in with a cached variant of the same aspect, else the placeholder in that shape", async () => {
      for (const file of ["16x9/400.webp", "16x9/200.jpg", "16x9/1200.jpg"]) {
        expect((await get(`/assets/i/${small.hash}/${file}`)).status).toBe(200);
      }
      const read = (file: string) => sharp(path.join(cacheDir, small.hash, file)).toBuffer();
      const standIn = async (aspect: string, width: number, ext: string) =>
        standInFor(t.database.db, cacheDir, parseVariant(small.hash, aspect, width, ext)!);

      // The widest not wider than asked, in a format the browser asked for or surely shows.
      const avif = await standIn("16x9", 800, "avif");
      expect(avif?.contentType).toBe("image/webp");
      expect(await sharp(avif!.bytes).toBuffer()).toEqual(await read("16x9/400.webp"));
      const jpg = await standIn("16x9", 800, "jpg");
      expect(jpg?.contentType).toBe("image/jpeg");
      expect(await sharp(jpg!.bytes).toBuffer()).toEqual(await read("16x9/200.jpg"));
      // None narrow enough: the narrowest there is.
      expect((await sharp((await standIn("16x9", 100, "jpg"))!.bytes).metadata()).width).toBe(200);

      // Nothing of that aspect yet: the placeholder, cropped to it, in a format the browser takes.
      for (const [aspect, ext, format, size] of [
        ["1x1", "avif", "webp", { width: 32, height: 32 }],
        ["9x16", "jpg", "jpeg", { width: 32, height: 57 }],
        ["orig", "webp", "webp", { width: 32, height: 24 }],
      ] as const) {
        const s = await standIn(aspect, 800, ext);
        const meta = await sharp(s!.bytes).metadata();
        expect({ format: meta.format, width: meta.width, height: meta.height }, aspect).toEqual({ format, ...size });
      }
      expect(await standInFor(t.database.db, cacheDir, parseVariant("f".repeat(32), "1x1", 800, "webp")!)).toBeNull();
    });

    it("429s a client that asks for many distinct uncached variants, and no one else", async () => {
      encodeRateLimit.clear();
      // The limit's clock stands still: no token comes back during the test unless it says so.
      vi.useFakeTimers({ toFake: ["Date"] });
      try {
        const client = `${net}.7`;
        const widths = [100, 200, 300, 400, 500, 600, 800, 900];
        // Variants not made yet (the tests above made a few).
        const urls = ASPECTS.flatMap((aspect) => widths.map((w) => `${aspect}/${w}.webp`))
          .filter((file) => !existsSync(path.join(cacheDir, small.hash, file)))
          .map((file) => `/assets/i/${small.hash}/${file}`);
        const answers = await Promise.all(
          urls.slice(0, 75).map(async (url) => {
            const res = await get(url, client);
            return { url, res, bytes: Buffer.from(await res.arrayBuffer()) };
          }),
        );
        // 60 at once (made, or refused by the full queue), then none until a token comes back.
        const limited = answers.filter((a) => a.res.status === 429);
        expect(limited).toHaveLength(15);
        for (const l of limited) {
          expect(l.res.headers.get("retry-after"), l.url).toBe("1");
          expect(l.res.headers.get("cache-control")).toBe("no-store");
          expect((await sharp(l.bytes).metadata()).width).toBeGreaterThan(0);
        }

        // Still limited on its next new variant, but not on a cached one.
        expect((await get(`/assets/i/${small.hash}/1x1/1000.webp`, client)).status).toBe(429);
        const cached = answers.find((a) => a.res.status === 200)!;
        expect((await get(cached.url, client)).status).toBe(200);
        // Another address, and the site's own process, are not limited.
        expect((await get(`/assets/i/${small.hash}/1x1/1000.webp`, `${net}.8`)).status).toBe(200);
        expect((await get(`/assets/i/${small.hash}/3x4/1000.webp`)).status).toBe(200);
        // A second later the client may ask for one more.
        vi.setSystemTime(Date.now() + 1000);
        expect((await get(`/assets/i/${small.hash}/9x16/1000.webp`, client)).status).toBe(200);
        expect((await get(`/assets/i/${small.hash}/16x3/1000.webp`, client)).status).toBe(429);
      } finally {
        vi.useRealTimers();
      }
    });
  });
}
