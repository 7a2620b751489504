/**
 * The image warm-up (decision 032). After start, and again after content changes, it walks the
 * site as a visitor would (`/sitemap.xml`, every page in it, and the same-site pages those link
 * to: tabs, gallery items, a product's other photos) and asks the image service for every variant
 * the HTML names (each `<source srcset>` and `<img srcset>` width in every format, backgrounds,
 * lightbox links, and the records in the page's data), one at a time and at background priority.
 * The first visitor of any page then finds its pictures made, and a visitor who comes meanwhile
 * goes first: the image service runs background encodes only while no visitor's is waiting.
 *
 * On PostgreSQL every instance walks after it starts, but a variant is made once for the deployment
 * (decision 122): what another instance has made is read from the shared store (counted "already
 * there"), and one it is making is waited for, so an instance started beside a warm one encodes
 * nothing. After a content change only the instance that made it walks (server.ts): the others
 * hear of it, purge, and find the new variants in the store.
 *
 * Walking the rendered pages, rather than working out what the widgets will ask for, keeps it
 * exact: whatever a page names is made, and nothing else. The site knows the CMS only through its
 * API, so the caller (server.ts) gives it the two fetches.
 */
import type { AddressInfo } from "node:net";

export interface WarmUpOptions {
  /** A page of this site as an anonymous visitor gets it (`pageRequest` builds the request). */
  fetchPage: (path: string) => Promise<Response>;
  /** A variant (its path) from the image service at background priority (`~/shared/variant-request`). */
  fetchVariant: (path: string) => Promise<Response>;
  log?: (line: string) => void;
  /** How many links away from the sitemap's pages the walk goes (default 2). */
  depth?: number;
  /** Pages visited at most in one walk (default 1,000). */
  maxPages?: number;
  /** How often a variant refused with 503 or 429 is asked for again, after its Retry-After (default 5). */
  maxRetries?: number;
  /** The wait before a scheduled walk, so that a burst of changes makes one walk (default 2 s). */
  debounceMs?: number;
  sleep?: (ms: number) => Promise<void>;
}

export interface WarmUpReport {
  pages: number;
  /** Distinct variant URLs the pages name. */
  variants: number;
  /** Made for this walk (or while it waited for another request's encode). */
  made: number;
  /** Already there: on this instance's disk, or made by another instance (the shared store). */
  cached: number;
  /** Not made: refused too often, not found, or no answer. */
  failed: number;
  seconds: number;
}

export type WarmUpState = "idle" | "running" | "done";

export interface WarmUp {
  /** Walks now; when a walk is under way, it walks once more after it. Resolves to the last walk's report. */
  run: () => Promise<WarmUpReport>;
  /** A walk soon (after a content change); several changes in a row make one walk. */
  schedule: () => void;
  /** Stops at the next step (the server is shutting down). */
  stop: () => void;
  state: () => WarmUpState;
}

/**
 * A variant's path as pages write it, `/assets/i/{hash}/{aspect}/{width}.{ext}`, alone or after an
 * origin (an absolute URL in a meta tag names the same variant as the path in a srcset). The
 * aspect may be a share image's size, or its card's size and colour (`1200x630-7c4a1e`, decision 038).
 */
const VARIANT_PATH =
  /\/assets\/i\/[0-9a-f]{32}\/(?:[0-9a-z]{1,8}|\d{1,4}x\d{1,4}-[0-9a-f]{6})\/(?:\d{1,5}x\d{1,5}:)?\d{1,5}\.(?:avif|webp|jpe?g)/g;
/** Links that are not pages: files, the APIs, the back-office. */
const NOT_A_PAGE =
  /^\/(?:assets|build|v|locales|api|graphql|cms|_purge)(?:\/|$)|\.(?:svg|png|jpe?g|webp|avif|gif|ico|mp4|xml|txt|json|pdf)$/;
/** The language and theme switchers: the same pictures as the page itself. */
const SWITCHER = /[?&](?:lng|theme)=/;
const BASE = "http://warm-up.internal";
/** Formats in the order browsers ask for them: AVIF first, JPEG last. */
const FORMAT_ORDER = (url: string) => (url.endsWith(".avif") ? 0 : url.endsWith(".webp") ? 1 : 2);

const decodeEntities = (s: string) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");

/** Every variant a document names, as a path, AVIF first, each once. */
export function variantUrls(html: string): string[] {
  const urls = new Set(html.match(VARIANT_PATH) ?? []);
  return [...urls].sort((a, b) => FORMAT_ORDER(a) - FORMAT_ORDER(b));
}

/** Same-site pages a document links to (path and query, resolved against `from`), each once. */
export function pageLinks(html: string, from: string): string[] {
  const out = new Set<string>();
  for (const [, href] of html.matchAll(/<a\b[^>]*?\shref="([^"#]*)/g)) {
    let url: URL;
    try {
      url = new URL(decodeEntities(href), BASE + from);
    } catch {
      continue;
    }
    if (url.origin !== BASE || NOT_A_PAGE.test(url.pathname) || SWITCHER.test(url.search)) continue;
    out.add(url.pathname + url.search);
  }
  return [...out];
}

/** The page paths of a sitemap.xml (path and query of each `<loc>`). */
export function sitemapPaths(xml: string): string[] {
  const out = new Set<string>();
  for (const [, loc] of xml.matchAll(/<loc>([^<]+)<\/loc>/g)) {
    try {
      const url = new URL(decodeEntities(loc.trim()), BASE);
      out.add(url.pathname + url.search);
    } catch {
      // Not a URL: not a page.
    }
  }
  return [...out];
}

/** Seconds from a Retry-After header (delta-seconds), within 1..30. */
function retryAfterMs(header: string | null) {
  const seconds = Number(header);
  return 1000 * (Number.isFinite(seconds) ? Math.min(30, Math.max(1, seconds)) : 2);
}

export function createWarmUp(options: WarmUpOptions): WarmUp {
  const log = options.log ?? ((line: string) => console.log(line));
  const sleep = options.sleep ?? ((ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms)));
  const depth = options.depth ?? 2;
  const maxPages = options.maxPages ?? 1000;
  const maxRetries = options.maxRetries ?? 5;
  let state: WarmUpState = "idle";
  let current: Promise<WarmUpReport> | null = null;
  let again = false;
  let stopped = false;
  let timer: ReturnType<typeof setTimeout> | undefined;

  /** Asks for one variant until it is there, refused too often, or not to be had. */
  async function prepare(url: string): Promise<"made" | "cached" | "failed"> {
    for (let attempt = 0; attempt <= maxRetries && !stopped; attempt++) {
      let res: Response;
      try {
        res = await options.fetchVariant(url);
      } catch {
        return "failed";
      }
      await res.arrayBuffer().catch(() => null);
      if (res.status === 503 || res.status === 429) {
        await sleep(retryAfterMs(res.headers.get("retry-after")));
        continue;
      }
      if (!res.ok) return "failed";
      // On this instance's disk, or in the store every instance shares (made by another, decision 122).
      return /desc="(?:disk|stored)"/.test(res.headers.get("server-timing") ?? "") ? "cached" : "made";
    }
    return "failed";
  }

  async function fetchText(path: string, type: string) {
    try {
      const res = await options.fetchPage(path);
      const text = await res.text();
      return res.ok && (res.headers.get("content-type") ?? "").startsWith(type) ? text : null;
    } catch {
      return null;
    }
  }

  async function walk(): Promise<WarmUpReport> {
    const started = performance.now();
    const report: WarmUpReport = { pages: 0, variants: 0, made: 0, cached: 0, failed: 0, seconds: 0 };
    const done = () => ({ ...report, seconds: Math.round((performance.now() - started) / 100) / 10 });
    log("[warm-up] started: making the image variants the site's pages name, in the background");
    const sitemap = await fetchText("/sitemap.xml", "application/xml");
    if (sitemap === null) {
      log("[warm-up] stopped: /sitemap.xml could not be read");
      return done();
    }
    const queue = sitemapPaths(sitemap).map((path) => ({ path, hops: 0 }));
    const seenPages = new Set(queue.map((p) => p.path));
    const seenVariants = new Set<string>();
    while (queue.length > 0 && report.pages < maxPages && !stopped) {
      const { path, hops } = queue.shift()!;
      const html = await fetchText(path, "text/html");
      if (html === null) continue;
      report.pages++;
      if (hops < depth) {
        for (const link of pageLinks(html, path)) {
          if (seenPages.has(link)) continue;
          seenPages.add(link);
          queue.push({ path: link, hops: hops + 1 });
        }
      }
      for (const url of variantUrls(html)) {
        if (seenVariants.has(url) || stopped) continue;
        seenVariants.add(url);
        report.variants++;
        report[await prepare(url)]++;
      }
    }
    const result = done();
    log(
      `[warm-up] ${stopped ? "stopped" : "done"} in ${result.seconds} s: ${result.pages} pages, ${result.variants} variants ` +
        `(${result.made} made, ${result.cached} already there, ${result.failed} failed)`,
    );
    return result;
  }

  function run(): Promise<WarmUpReport> {
    if (current) {
      again = true;
      return current;
    }
    state = "running";
    current = (async () => {
      let report: WarmUpReport;
      do {
        again = false;
        report = await walk();
      } while (again && !stopped);
      return report;
    })().finally(() => {
      current = null;
      state = "done";
    });
    return current;
  }

  return {
    run,
    schedule() {
      if (stopped) return;
      clearTimeout(timer);
      timer = setTimeout(() => void run(), options.debounceMs ?? 2000);
      timer.unref?.();
    },
    stop() {
      stopped = true;
      clearTimeout(timer);
    },
    state: () => state,
  };
}

/** The address a server listens on, as an origin this process can reach (loopback for "any address"). */
export function loopbackOrigin(address: AddressInfo | string | null): string {
  if (!address || typeof address === "string") throw new Error("The server is not listening on a TCP port");
  const any = address.address === "::" || address.address === "0.0.0.0" || address.address === "";
  const host = any ? "127.0.0.1" : address.family === "IPv6" ? `[${address.address}]` : address.address;
  return `http://${host}:${address.port}`;
}

/** A request for one of this site's pages, as an anonymous browser makes it. */
export function pageRequest(path: string, origin: string) {
  return new Request(new URL(path, origin), {
    headers: { accept: "text/html", "user-agent": "Mozilla/5.0 (Dovetail warm-up)" },
    signal: AbortSignal.timeout(60_000),
  });
}
