/**
 * The image warm-up over the seeded site, through the real pieces: the seeds in a database, the
 * CMS app with its image service, and the site's routes rendered by Remix in this process. After
 * one walk, every variant URL in the HTML of every seeded page (and of the pages they link to:
 * tabs, gallery items, a product's photos) is on disk, and a first visit to each page, with all its
 * pictures, makes no encode.
 *
 * The seed images are scaled to a tenth of their size first, so that each variant takes
 * milliseconds to make; the pages then name fewer widths (no srcset width beyond the original's),
 * and the test compares with whatever they name.
 */
import { existsSync } from "node:fs";
import { mkdir, mkdtemp, readdir, rm } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { createRequestHandler, type ServerBuild } from "@remix-run/node";
import sharp from "sharp";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import * as entry from "~/entry.server";
import { emptyCspSources } from "~/host/security-headers.server";
import { createWarmUp, type WarmUpReport } from "~/host/warm-up.server";
import { SwrCache } from "~/lib/api/cache.server";
import { createLoadContext } from "~/lib/load-context.server";
import * as rootRoute from "~/root";
import * as indexRoute from "~/routes/_index";
import * as pageRoute from "~/routes/$";
import * as sitemapRoute from "~/routes/sitemap[.]xml";
import { variantRequest } from "~/shared/variant-request";

import type { CmsApp } from "../../cms/app";
import { DEFAULT_AVIF_EFFORT, encodeCount, parseVariant, setAvifEffort, variantPath } from "../../cms/media/variants";
import { readSeeds, seedIfEmpty } from "../../cms/seed";
import { createCmsApp, openTestDatabase, type TestDatabase } from "../../cms/test/databases";

/** The routes seeded pages go through, as the Remix compiler would list them. */
const routes = {
  root: { id: "root", path: "", module: rootRoute },
  "routes/_index": { id: "routes/_index", parentId: "root", index: true, module: indexRoute },
  "routes/$": { id: "routes/$", parentId: "root", path: "*", module: pageRoute },
  "routes/sitemap[.]xml": { id: "routes/sitemap[.]xml", parentId: "root", path: "sitemap.xml", module: sitemapRoute },
};
const build = {
  mode: "production",
  entry: { module: entry },
  routes,
  assets: {
    entry: { module: "/build/entry.js", imports: [] },
    routes: Object.fromEntries(
      Object.values(routes).map((r) => [
        r.id,
        { ...r, module: `/build/${r.id}.js`, imports: [], hasLoader: true, hasErrorBoundary: true },
      ]),
    ),
    url: "/build/manifest.js",
    version: "test",
  },
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  future: { v3_singleFetch: true, v3_relativeSplatPath: true, v3_throwAbortReason: true },
  isSpaMode: false,
} as unknown as ServerBuild;

/** A variant path; its aspect may be a share image's size, or a brand card's (`1200x630-7c4a1e`). */
const VARIANT = /\/assets\/i\/[0-9a-f]{32}\/[0-9a-z-]+\/\d+\.(?:avif|webp|jpe?g)/g;

/** Copies seeds/images into `dir`/images at a tenth of the size. */
async function smallImages(from: string, dir: string) {
  const walk = async (rel: string): Promise<void> => {
    for (const entry of await readdir(path.join(from, rel), { withFileTypes: true })) {
      const file = path.join(rel, entry.name);
      if (entry.isDirectory()) {
        await mkdir(path.join(dir, "images", file), { recursive: true });
        await walk(file);
        continue;
      }
      const source = sharp(path.join(from, file));
      const { width = 400 } = await source.metadata();
      await source.resize(Math.round(width / 10)).toFile(path.join(dir, "images", file));
    }
  };
  await walk("");
}

describe("image warm-up over the seeded site", () => {
  let t: TestDatabase;
  let tmp: string;
  let cacheDir: string;
  let cms: CmsApp;
  let handle: ReturnType<typeof createRequestHandler>;
  const upstreamCache = new SwrCache();
  const log: string[] = [];
  /** Every page the walk fetched, and the HTML it got. */
  const seen = new Map<string, string>();
  let report: WarmUpReport;

  const page = async (p: string) => {
    const request = new Request(`http://site.test${p}`, { headers: { accept: "text/html" } });
    return handle(
      request,
      createLoadContext({
        request,
        cspNonce: "n",
        cspExtra: emptyCspSources(),
        upstream: { fetch: cms.fetch, baseUrl: "http://cms.internal", publicUrl: "", timeoutMs: 30_000 },
        upstreamCache,
        sessionSecret: "s".repeat(40),
        production: true,
      }),
    );
  };
  /** A variant as a visitor's browser asks for it (from an address, at visitor priority). */
  const visitorGet = (url: string) =>
    cms.fetch(new Request(`http://cms.test${url}`), { incoming: { socket: { remoteAddress: "192.0.2.1" } } });
  const isOnDisk = (url: string) => {
    const [, , , hash, aspect, file] = url.split("/");
    const [width, ext] = file.split(".");
    const key = parseVariant(hash, aspect, width, ext);
    return Boolean(key && existsSync(variantPath(cacheDir, key)!));
  };

  beforeAll(async () => {
    // What is checked is which variants are made, not how well: the journeys' servers' effort.
    setAvifEffort(0);
    t = await openTestDatabase("pglite", "image-warm-up");
    tmp = await mkdtemp(path.join(os.tmpdir(), "image-warm-up-test-"));
    cacheDir = path.join(tmp, "cache");
    const seeds = readSeeds();
    await smallImages(path.join(seeds.dir, "images"), tmp);
    expect(await seedIfEmpty(t.database.db, { ...seeds, dir: tmp })).toBe(true);
    cms = createCmsApp(t.database, { imageCacheDir: cacheDir });
    handle = createRequestHandler(build, "production");

    report = await createWarmUp({
      fetchPage: async (p) => {
        const res = await page(p);
        const html = await res.text();
        seen.set(p, html);
        return new Response(html, { status: res.status, headers: res.headers });
      },
      fetchVariant: (url) => cms.fetch(variantRequest(url, "http://cms.internal")),
      log: (line) => log.push(line),
    }).run();
  }, 600_000);
  afterAll(async () => {
    setAvifEffort(DEFAULT_AVIF_EFFORT);
    await t?.dispose();
    if (tmp) await rm(tmp, { recursive: true, force: true });
  });

  it("logs one line when it starts and one when it ends, with counts and time", () => {
    expect(log).toHaveLength(2);
    expect(log[0]).toMatch(/^\[warm-up\] started/);
    expect(log[1]).toBe(
      `[warm-up] done in ${report.seconds} s: ${report.pages} pages, ${report.variants} variants ` +
        `(${report.variants} made, 0 already there, 0 failed)`,
    );
  });

  it("visits every seeded page and the same-site pages they link to", () => {
    const xml = seen.get("/sitemap.xml") ?? "";
    const sitemap = [...xml.matchAll(/<loc>http:\/\/site\.test([^<]*)<\/loc>/g)].map(([, p]) => p || "/");
    expect(sitemap.length).toBeGreaterThan(40);
    const linked = new Set<string>();
    for (const p of sitemap) {
      expect(seen.has(p), p).toBe(true);
      for (const [, href] of (seen.get(p) ?? "").matchAll(/<a\b[^>]*?\shref="([^"#]*)"/g)) {
        const url = new URL(href.replace(/&amp;/g, "&"), `http://site.test${p}`);
        if (
          url.origin === "http://site.test" &&
          !url.pathname.startsWith("/assets/") &&
          // Document downloads (decision 067) are files, not pages: the warm-up leaves them.
          !url.pathname.startsWith("/api/") &&
          !/[?&](?:lng|theme)=/.test(url.search)
        )
          linked.add(url.pathname + url.search);
      }
    }
    // Tabs, gallery items and a product's photos are among them.
    expect([...linked].filter((p) => !sitemap.includes(p)).length).toBeGreaterThan(20);
    expect([...linked].filter((p) => !seen.has(p))).toEqual([]);
  });

  it("makes every variant the HTML of those pages names", () => {
    const named = new Set([...seen.values()].flatMap((html) => html.match(VARIANT) ?? []));
    expect(named.size).toBeGreaterThan(300);
    expect(named.size).toBe(report.variants);
    expect([...named].filter((url) => !isOnDisk(url))).toEqual([]);
  });

  it("leaves nothing to encode on a first visit to a page and its pictures", async () => {
    const before = encodeCount();
    // Share images (a page's own, the brand card on /about) and a photo's own page included.
    const pages = ["/", "/showcase", "/catalogue", "/showcase/in-the-workshop", "/about"];
    for (const p of [...pages, "/showcase?gallery=showcase-gallery-grid&photo=2"]) {
      const res = await page(p);
      expect(res.status, p).toBe(200);
      const urls = [...new Set((await res.text()).match(VARIANT) ?? [])];
      expect(urls.length, p).toBeGreaterThan(0);
      expect(urls.filter((url) => url.includes("/1200x630")).length, p).toBe(1);
      for (const url of urls) {
        const image = await visitorGet(url);
        expect(image.status, url).toBe(200);
        expect(image.headers.get("server-timing"), url).toBe('variant;desc="disk"');
        await image.arrayBuffer();
      }
    }
    expect(encodeCount()).toBe(before);
  });
});
