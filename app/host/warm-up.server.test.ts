import { afterEach, describe, expect, it, vi } from "vitest";

import { variantRequest } from "~/shared/variant-request";

import {
  createWarmUp,
  loopbackOrigin,
  pageLinks,
  pageRequest,
  sitemapPaths,
  variantUrls,
  type WarmUpOptions,
} from "./warm-up.server";

const H1 = "a".repeat(32);
const H2 = "b".repeat(32);

describe("what a page names", () => {
  it("finds every variant: sources, srcsets, backgrounds, links, meta tags and data, as paths, AVIF first", () => {
    const html = `<head><meta property="og:image" content="https://dovetail.example/assets/i/${H1}/16x9/1200.jpg">
      <meta name="twitter:image" content="https://dovetail.example/assets/i/${H2}/1200x630/1200.jpg">
      <meta property="og:image" content="https://dovetail.example/assets/i/${H1}/1200x630-7c4a1e/1200.jpg"></head>
      <picture><source type="image/avif" srcset="/assets/i/${H1}/16x9/400.avif 400w, /assets/i/${H1}/16x9/1200.avif 1200w">
      <img src="/assets/i/${H1}/16x9/1200.jpg" srcset="/assets/i/${H1}/16x9/400.jpg 400w"></picture>
      <div style="--bg-image-set:image-set(url(&quot;/assets/i/${H2}/orig/1920.webp&quot;) type(&quot;image/webp&quot;))"></div>
      <a href="/assets/i/${H2}/orig/1920.jpeg" data-pswp-width="1920">open</a>
      <script>window.__data = {"url":"/assets/i/${H2}/4x3/600x450:1200.avif"}</script>
      <img src="/favicon.svg"><img src="/assets/i/not-a-hash/16x9/400.jpg">`;
    expect(variantUrls(html)).toEqual([
      `/assets/i/${H1}/16x9/400.avif`,
      `/assets/i/${H1}/16x9/1200.avif`,
      `/assets/i/${H2}/4x3/600x450:1200.avif`,
      `/assets/i/${H2}/orig/1920.webp`,
      `/assets/i/${H1}/16x9/1200.jpg`,
      `/assets/i/${H2}/1200x630/1200.jpg`,
      `/assets/i/${H1}/1200x630-7c4a1e/1200.jpg`,
      `/assets/i/${H1}/16x9/400.jpg`,
      `/assets/i/${H2}/orig/1920.jpeg`,
    ]);
  });

  it("follows same-site page links, relative ones too, but not files, the back-office or the switchers", () => {
    const html = `<a href="/about">About</a><a class="x" href="?photo=2">2</a><a href="?tab=Our+story&amp;x=1#top">tab</a>
      <a href="https://elsewhere.example/">out</a><a href="//elsewhere.example/x">out</a><a href="?lng=de">Deutsch</a>
      <a href="/showcase?theme=dark">dark</a><a href="/assets/i/${H1}/orig/1920.jpg">big</a><a href="/cms/pages">edit</a>
      <a href="/brochure.pdf">pdf</a><a href="mailto:shop@dovetail.example">mail</a><a href="gallery-item">item</a>`;
    expect(pageLinks(html, "/catalogue/chairs/armchair")).toEqual([
      "/about",
      "/catalogue/chairs/armchair?photo=2",
      "/catalogue/chairs/armchair?tab=Our+story&x=1",
      "/catalogue/chairs/gallery-item",
    ]);
  });

  it("reads a sitemap's page paths", () => {
    const xml = `<urlset><url><loc>https://dovetail.example/</loc></url><url><loc>https://dovetail.example/a?b=1&amp;c=2</loc></url></urlset>`;
    expect(sitemapPaths(xml)).toEqual(["/", "/a?b=1&c=2"]);
  });
});

/** A site of three pages and the image service behind it, as fetches. */
function fakeSite(variantAnswers: Record<string, Array<{ status: number; headers?: Record<string, string> }>> = {}) {
  const pages: Record<string, string> = {
    "/sitemap.xml": `<urlset><url><loc>https://x/</loc></url><url><loc>https://x/about</loc></url></urlset>`,
    "/": `<img src="/assets/i/${H1}/16x9/400.jpg"><source srcset="/assets/i/${H1}/16x9/400.avif"><a href="/gallery">g</a>`,
    "/about": `<img src="/assets/i/${H1}/16x9/400.jpg"><img src="/assets/i/${H2}/1x1/200.webp"><a href="/missing">m</a>`,
    "/gallery": `<img src="/assets/i/${H2}/orig/1920.jpg"><a href="/gallery/deeper">d</a>`,
    "/gallery/deeper": `<img src="/assets/i/${H2}/orig/1000.jpg"><a href="/gallery/deepest">d</a>`,
    "/gallery/deepest": `<img src="/assets/i/${H2}/orig/900.jpg">`,
  };
  const pageLog: string[] = [];
  const variantLog: string[] = [];
  const options: WarmUpOptions = {
    fetchPage: async (path) => {
      pageLog.push(path);
      const body = pages[path];
      if (body === undefined)
        return new Response("<h1>Not found</h1>", { status: 404, headers: { "content-type": "text/html" } });
      const type = path.endsWith(".xml") ? "application/xml; charset=utf-8" : "text/html; charset=utf-8";
      return new Response(body, { headers: { "content-type": type } });
    },
    fetchVariant: async (path) => {
      variantLog.push(path);
      const next = variantAnswers[path]?.shift() ?? {
        status: 200,
        headers: { "server-timing": 'variant;desc="made";dur=5' },
      };
      return new Response(next.status === 200 ? "bytes" : null, next);
    },
    sleep: vi.fn(async () => {}),
  };
  return { options, pageLog, variantLog };
}

describe("createWarmUp", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("walks the sitemap's pages and their links two deep, asking for each variant once, AVIF first", async () => {
    const site = fakeSite();
    const log: string[] = [];
    const warmUp = createWarmUp({ ...site.options, log: (l) => log.push(l) });
    expect(warmUp.state()).toBe("idle");
    const report = await warmUp.run();
    expect(warmUp.state()).toBe("done");
    expect(site.pageLog).toEqual(["/sitemap.xml", "/", "/about", "/gallery", "/missing", "/gallery/deeper"]);
    expect(site.variantLog).toEqual([
      `/assets/i/${H1}/16x9/400.avif`,
      `/assets/i/${H1}/16x9/400.jpg`,
      `/assets/i/${H2}/1x1/200.webp`,
      `/assets/i/${H2}/orig/1920.jpg`,
      `/assets/i/${H2}/orig/1000.jpg`,
    ]);
    expect(report).toMatchObject({ pages: 4, variants: 5, made: 5, cached: 0, failed: 0 });
    expect(log).toEqual([
      "[warm-up] started: making the image variants the site's pages name, in the background",
      `[warm-up] done in ${report.seconds} s: 4 pages, 5 variants (5 made, 0 already there, 0 failed)`,
    ]);
  });

  it("waits out 503s and 429s as Retry-After says, counts what was there already, and gives up on what cannot be had", async () => {
    const busy = { status: 503, headers: { "retry-after": "3" } };
    const site = fakeSite({
      [`/assets/i/${H1}/16x9/400.avif`]: [busy, { status: 429, headers: { "retry-after": "1" } }],
      [`/assets/i/${H1}/16x9/400.jpg`]: [{ status: 200, headers: { "server-timing": 'variant;desc="disk"' } }],
      [`/assets/i/${H2}/1x1/200.webp`]: [{ status: 404 }],
      [`/assets/i/${H2}/orig/1920.jpg`]: Array.from({ length: 9 }, () => busy),
      // Made by another instance: read from the store they share, not made here.
      [`/assets/i/${H2}/orig/1000.jpg`]: [{ status: 200, headers: { "server-timing": 'variant;desc="stored";dur=1' } }],
    });
    const report = await createWarmUp({ ...site.options, maxRetries: 2, log: () => {} }).run();
    expect(report).toMatchObject({ variants: 5, made: 1, cached: 2, failed: 2 });
    expect(vi.mocked(site.options.sleep!).mock.calls.map(([ms]) => ms)).toEqual([3000, 1000, 3000, 3000, 3000]);
    expect(site.variantLog.filter((p) => p.endsWith("1920.jpg"))).toHaveLength(3);
  });

  it("stops with a log line when the sitemap cannot be read", async () => {
    const log: string[] = [];
    const report = await createWarmUp({
      fetchPage: async () => new Response("down", { status: 503 }),
      fetchVariant: async () => new Response(null),
      log: (l) => log.push(l),
    }).run();
    expect(report.pages).toBe(0);
    expect(log[1]).toBe("[warm-up] stopped: /sitemap.xml could not be read");
  });

  it("walks once more when asked during a walk, and once for a burst of scheduled changes", async () => {
    const site = fakeSite();
    const warmUp = createWarmUp({ ...site.options, log: () => {}, debounceMs: 1000 });
    const first = warmUp.run();
    expect(warmUp.state()).toBe("running");
    const second = warmUp.run();
    expect(second).toBe(first);
    await first;
    expect(site.pageLog.filter((p) => p === "/sitemap.xml")).toHaveLength(2);

    vi.useFakeTimers();
    warmUp.schedule();
    warmUp.schedule();
    warmUp.schedule();
    await vi.advanceTimersByTimeAsync(999);
    expect(site.pageLog.filter((p) => p === "/sitemap.xml")).toHaveLength(2);
    await vi.advanceTimersByTimeAsync(1);
    vi.useRealTimers();
    await vi.waitFor(() => expect(warmUp.state()).toBe("done"));
    expect(site.pageLog.filter((p) => p === "/sitemap.xml")).toHaveLength(3);
  });

  it("stops at the next step when the server shuts down", async () => {
    const site = fakeSite();
    const log: string[] = [];
    const warmUp = createWarmUp({
      ...site.options,
      fetchVariant: async (path) => {
        warmUp.stop();
        return site.options.fetchVariant(path);
      },
      log: (l) => log.push(l),
    });
    const report = await warmUp.run();
    expect(report.variants).toBe(1);
    expect(log[1]).toMatch(/^\[warm-up\] stopped in .* s: 1 pages, 1 variants/);
  });
});

describe("requests", () => {
  it("reaches the server on loopback when it listens on every address", () => {
    expect(loopbackOrigin({ address: "::", family: "IPv6", port: 3440 })).toBe("http://127.0.0.1:3440");
    expect(loopbackOrigin({ address: "0.0.0.0", family: "IPv4", port: 80 })).toBe("http://127.0.0.1:80");
    expect(loopbackOrigin({ address: "::1", family: "IPv6", port: 3000 })).toBe("http://[::1]:3000");
    expect(loopbackOrigin({ address: "10.0.0.5", family: "IPv4", port: 3000 })).toBe("http://10.0.0.5:3000");
    expect(() => loopbackOrigin("dovetail.sock")).toThrow();
  });

  it("asks for pages as a browser and for variants at background priority", () => {
    const pageReq = pageRequest("/about?tab=x", "http://127.0.0.1:3440");
    expect(pageReq.url).toBe("http://127.0.0.1:3440/about?tab=x");
    expect(pageReq.headers.get("accept")).toBe("text/html");
    expect(pageReq.headers.get("cookie")).toBeNull();
    const variantReq = variantRequest(`/assets/i/${H1}/16x9/400.avif`, "http://cms.internal");
    expect(variantReq.url).toBe(`http://cms.internal/assets/i/${H1}/16x9/400.avif`);
    expect(variantReq.headers.get("x-encode-priority")).toBe("background");
  });
});
