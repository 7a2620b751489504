/**
 * Image variants made once for all instances (decision 122): two CMS instances, each with its own
 * disk cache and encode queue, over one database. On PostgreSQL they are two `openDatabase`
 * connections to the same database, as two servers would be; PGlite serves one process, so there
 * the two apps share its one connection and are told to share variants (`imageVariants: "shared"`,
 * which is not PGlite's default). Encodes are counted with the process's `encodeCount()`.
 */
import { existsSync } from "node:fs";
import { mkdtemp, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import type { CmsApp } from "../app";
import { type Database, openDatabase } from "../db/client";
import { imageVariantClaims } from "../db/schema";
import { createCmsApp, drivers, openTestDatabase, type TestDatabase, testDatabaseUrl } from "../test/databases";
import { scene } from "../test/images";
import { EncodeQueue } from "./encode-queue";
import { storeImage } from "./store";
import { databaseVariantClaims, variantName, variantStorage } from "./variant-store";
import { encodeCount, getVariant, parseVariant, VariantRefused } from "./variants";

const ORIGIN = "http://cms.test";

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`image variants across instances — ${driver.title}`, () => {
    let t: TestDatabase;
    /** The second instance's connection (PostgreSQL: its own pool; PGlite: the same one). */
    let second: Database;
    let tmp: string;
    let a: CmsApp;
    let b: CmsApp;
    let image: { hash: string; width: number; height: number };

    const get = async (app: CmsApp, p: string) => {
      const res = await app.fetch(new Request(ORIGIN + p));
      return {
        status: res.status,
        timing: res.headers.get("server-timing") ?? "",
        bytes: Buffer.from(await res.arrayBuffer()),
      };
    };
    const queue = () => new EncodeQueue({ concurrency: 2, maxWaiting: 100, maxBackgroundWaiting: 2 });
    const cacheOf = (name: string) => path.join(tmp, name);

    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "image-instances");
      if (driver.name === "postgres") {
        const url = new URL(testDatabaseUrl!);
        url.pathname = `/${t.name}`;
        second = await openDatabase({ databaseUrl: url.toString() });
      } else {
        second = t.database;
      }
      tmp = await mkdtemp(path.join(os.tmpdir(), "cms-image-instances-test-"));
      const options = { imageVariants: "shared" } as const;
      a = createCmsApp(t.database, { ...options, imageCacheDir: cacheOf("a"), imageEncodeQueue: queue() });
      b = createCmsApp(second, { ...options, imageCacheDir: cacheOf("b"), imageEncodeQueue: queue() });
      image = await storeImage(t.database.db, await scene(600, 400, driver.name === "pglite" ? 3 : 4), "shared");
    });
    afterAll(async () => {
      if (second && second !== t?.database) await second.close();
      await t?.dispose();
      if (tmp) await rm(tmp, { recursive: true, force: true });
    });

    it("is shared on PostgreSQL by default, and kept on disk alone on PGlite", async () => {
      const alone = createCmsApp(t.database, { imageCacheDir: cacheOf("default") });
      const before = encodeCount();
      const made = await get(alone, `/assets/i/${image.hash}/8x5/200.jpg`);
      expect(made.status).toBe(200);
      expect(encodeCount()).toBe(before + 1);
      const fromB = await get(b, `/assets/i/${image.hash}/8x5/200.jpg`);
      expect(fromB.timing).toMatch(driver.name === "postgres" ? /desc="stored"/ : /desc="made"/);
      expect(encodeCount()).toBe(before + (driver.name === "postgres" ? 1 : 2));
    });

    it("a variant the first instance made, the second answers with the same bytes and no encode", async () => {
      const url = `/assets/i/${image.hash}/4x3/400.webp`;
      const before = encodeCount();
      const first = await get(a, url);
      expect(first.status).toBe(200);
      expect(first.timing).toMatch(/desc="made"/);
      expect(encodeCount()).toBe(before + 1);

      const fromB = await get(b, url);
      expect(fromB.status).toBe(200);
      expect(fromB.timing).toMatch(/desc="stored"/);
      expect(fromB.bytes.equals(first.bytes)).toBe(true);
      expect(encodeCount()).toBe(before + 1);
      // The second instance keeps a disk copy in front of the database, and answers from it next.
      expect(existsSync(path.join(cacheOf("b"), image.hash, "4x3", "400.webp"))).toBe(true);
      expect((await get(b, url)).timing).toBe('variant;desc="disk"');
    });

    it("two instances asked at once for the same new variants encode each once", async () => {
      const urls = ["1x1/300.avif", "16x9/600.webp", "orig/500.jpg", "3x4/200.avif", "1200x630/1200.webp"].map(
        (v) => `/assets/i/${image.hash}/${v}`,
      );
      const before = encodeCount();
      const answers = await Promise.all(urls.flatMap((url) => [get(a, url), get(b, url), get(b, url), get(a, url)]));
      expect(answers.map((r) => r.status)).toEqual(answers.map(() => 200));
      expect(encodeCount() - before).toBe(urls.length);
      for (let i = 0; i < urls.length; i++) {
        const four = answers.slice(4 * i, 4 * i + 4);
        for (const other of four.slice(1)) expect(other.bytes.equals(four[0].bytes), urls[i]).toBe(true);
        expect(
          four.filter((r) => /desc="made"/.test(r.timing)),
          urls[i],
        ).toHaveLength(1);
      }
    });

    it("waits for a variant another instance is making, then answers its bytes", async () => {
      const key = parseVariant(image.hash, "9x16", 300, "jpg")!;
      const elsewhere = await databaseVariantClaims(t.database.db).claim(key);
      expect(elsewhere).not.toBeNull();
      const storage = variantStorage(second.db, cacheOf("b"), true);
      const before = encodeCount();
      const waiting = getVariant(second.db, storage, image.hash, "9x16", 300, "jpg", { queue: queue() });
      // The other instance finishes: its variant is kept, then its claim let go.
      await new Promise((resolve) => setTimeout(resolve, 150));
      const other = variantStorage(t.database.db, cacheOf("other"), true);
      const bytes = Buffer.from("the other instance's jpeg");
      await other.shared!.store.put(key, bytes);
      await elsewhere!();
      const got = await waiting;
      expect(got?.source).toBe("shared");
      expect(got?.bytes.equals(bytes)).toBe(true);
      expect(encodeCount()).toBe(before);
    });

    it("refuses (503) rather than wait long for another instance, and takes over a stale claim", async () => {
      const key = parseVariant(image.hash, "16x5", 300, "webp")!;
      const elsewhere = await databaseVariantClaims(t.database.db).claim(key);
      expect(elsewhere).not.toBeNull();
      const storage = variantStorage(second.db, cacheOf("b"), true);
      const ask = (waitMs: number) =>
        getVariant(second.db, storage, image.hash, "16x5", 300, "webp", { queue: queue(), waitMs });
      const refused = await ask(200).catch((error: unknown) => error);
      expect(refused).toBeInstanceOf(VariantRefused);
      expect((refused as VariantRefused).status).toBe(503);
      // Through the route, the refusal is a 503 with a stand-in picture.
      const res = await b.fetch(new Request(`${ORIGIN}/assets/i/${image.hash}/16x5/300.webp`));
      expect(res.status).toBe(503);
      expect(res.headers.get("retry-after")).toBe("2");
      expect(res.headers.get("server-timing")).toBe('variant;desc="stand-in"');

      // Its instance died mid-encode: after a minute the claim is anyone's.
      await t.database.db
        .update(imageVariantClaims)
        .set({ claimedAt: sql`now() - interval '2 minutes'` })
        .where(eq(imageVariantClaims.key, variantName(key)));
      const before = encodeCount();
      expect((await ask(200))?.source).toBe("made");
      expect(encodeCount()).toBe(before + 1);
      expect(await t.database.db.select().from(imageVariantClaims)).toEqual([]);
    });
  });
}
