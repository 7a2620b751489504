// The JavaScript budget (issue 10), run by `npm test` after the build: `node scripts/js-budget.mjs`.
//
// Starts the built server with a temporary DATA_DIR (scripts/lib/site.mjs), fetches every page of
// the sitemap and the 404 page as a browser would, and sums the compressed size of the scripts
// each page loads: inline scripts (their text, Brotli-compressed alone at the server's quality)
// and external ones (`<script src>`, `<link rel="modulepreload">`, the modules the deferred
// runtime preloads, its `data-preload`, and the enhancers a page lists, decision 034), each counted
// once, at the bytes the server sends with `Accept-Encoding: br`. JSON data blocks (`application/json`,
// `application/ld+json`) are data, not script. Libraries a widget imports on demand once the page
// runs (Swiper, PhotoSwipe) are not in the document, so they are not counted here; the
// Lighthouse report lists every script a page transfers (docs/performance.md).
//
// Budgets: /about, /delivery and /where-to-find-us at most 10 KB; every page at most 150 KB; on a
// page without the Remix runtime, each inline script under 2 KB. It also reports the inlined
// stylesheet (decision 031: inline it while it stays under about 10 KB compressed; over 12 KB
// fails). Prints one table; exits 1 when anything is over budget, 2 when it cannot run.
//
// Options: --json FILE also writes { pages: [{ page, ok, errors, ... }] } (npm test counts them).
import { mkdirSync, writeFileSync } from "node:fs";
import http from "node:http";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

import { ensureBuild, ensureDependencies, say } from "./lib/ensure.mjs";
import { BROWSER_HEADERS, startSite } from "./lib/site.mjs";

const KB = 1024;
/** Script budgets by path, compressed; every other page gets DEFAULT_BUDGET. */
export const BUDGETS = { "/about": 10 * KB, "/delivery": 10 * KB, "/where-to-find-us": 10 * KB };
export const DEFAULT_BUDGET = 150 * KB;
/** Each inline script of a page without the runtime. */
export const INLINE_SCRIPT_LIMIT = 2 * KB;
/** The inlined stylesheet, compressed (decision 031). */
export const STYLESHEET_LIMIT = 12 * KB;

/** Extra pages beyond the sitemap: each a path and the status it answers. */
const EXTRA_PAGES = [{ path: "/no-such-page", status: 404 }];

/** Brotli at the server's quality (compression 1.8 uses 4), as it would send this text on its own. */
export const compressedSize = (text) =>
  zlib.brotliCompressSync(Buffer.from(text), { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 4 } }).length;

const decode = (s) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");

const attribute = (attrs, name) => {
  const match = new RegExp(`\\s${name}\\s*=\\s*(?:"([^"]*)"|'([^']*)'|([^\\s>]+))`, "i").exec(attrs);
  return match ? decode(match[1] ?? match[2] ?? match[3]) : null;
};

/** A script element's type that browsers run: none, a JavaScript MIME type, or a module. */
const EXECUTABLE = /^(?:|module|text\/x-deferred-module|(?:text|application)\/(?:x-)?(?:java|ecma)script)$/i;

/**
 * The scripts of a served document: inline ones (their text) and external ones (their URLs,
 * from `<script src>`, `<link rel="modulepreload">` and the deferred runtime's `data-preload`, each
 * once). JSON data blocks are left out; the deferred runtime's entry script is script.
 */
export function documentScripts(html) {
  const inline = [];
  const external = new Set();
  for (const [, attrs, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const type = (attribute(attrs, "type") ?? "").trim();
    // The enhancers' list (decision 034): the modules its loader imports once the page has loaded.
    if (attribute(attrs, "data-enhancers") !== null) {
      for (const { js } of JSON.parse(body)) if (js) external.add(js);
      continue;
    }
    if (!EXECUTABLE.test(type)) continue;
    const src = attribute(attrs, "src");
    if (src) external.add(src);
    else if (body.trim()) inline.push(body);
    // The runtime's deferred entry script names the modules it will preload (decision 033).
    for (const href of (attribute(attrs, "data-preload") ?? "").split(/\s+/)) if (href) external.add(href);
  }
  for (const [, attrs] of html.matchAll(/<link\b([^>]*)>/gi)) {
    const rel = (attribute(attrs, "rel") ?? "").toLowerCase().split(/\s+/);
    const href = attribute(attrs, "href");
    if (href && rel.includes("modulepreload")) external.add(href);
  }
  return { inline, external: [...external] };
}

/** The inlined stylesheet's text, if the document has one. */
export function inlineStylesheet(html) {
  return /<style\b[^>]*\bid="stylesheet"[^>]*>([\s\S]*?)<\/style>/i.exec(html)?.[1] ?? null;
}

/** Bytes the server sends for a URL when the browser accepts Brotli (the body as it comes, undecoded). */
function transferSize(url) {
  return new Promise((resolve, reject) => {
    const request = http.get(url, { headers: BROWSER_HEADERS, timeout: 60_000 }, (response) => {
      if (response.statusCode !== 200) {
        response.resume();
        reject(new Error(`${url} answered ${response.statusCode}`));
        return;
      }
      let bytes = 0;
      response.on("data", (chunk) => (bytes += chunk.length));
      response.on("end", () => resolve(bytes));
      response.on("error", reject);
    });
    request.on("timeout", () => request.destroy(new Error(`${url} timed out`)));
    request.on("error", reject);
  });
}

/**
 * Checks one measured page against its budgets; gives its row of the table.
 * @param {{ page: string, runtime: boolean, inline: { text: string, raw: number, compressed: number }[],
 *   external: { url: string, bytes: number }[], stylesheet: number | null }} measured
 */
export function judge({ page, runtime, inline, external, stylesheet }) {
  const budget = BUDGETS[page] ?? DEFAULT_BUDGET;
  const inlineBytes = inline.reduce((n, s) => n + s.compressed, 0);
  const externalBytes = external.reduce((n, s) => n + s.bytes, 0);
  const total = inlineBytes + externalBytes;
  const errors = [];
  if (total > budget) errors.push(`${kb(total)} KB of script, over its budget of ${kb(budget)} KB`);
  if (!runtime) {
    for (const s of inline) {
      if (s.raw > INLINE_SCRIPT_LIMIT) {
        errors.push(`an inline script of ${s.raw} bytes (over 2 KB): ${s.text.slice(0, 60).replace(/\s+/g, " ")}…`);
      }
    }
  }
  if (stylesheet !== null && stylesheet > STYLESHEET_LIMIT) {
    errors.push(
      `the inlined stylesheet is ${kb(stylesheet)} KB compressed (decision 031: inline the critical CSS only)`,
    );
  }
  return {
    page,
    ok: errors.length === 0,
    errors,
    runtime,
    budget,
    total,
    inlineBytes,
    externalBytes,
    inline,
    external,
    stylesheet,
  };
}

const kb = (bytes) => (bytes / KB).toFixed(1);

async function measure(origin, { path: pagePath, status }, sizes) {
  const response = await fetch(origin + pagePath, {
    headers: { ...BROWSER_HEADERS, "accept-encoding": "identity" },
    signal: AbortSignal.timeout(60_000),
  });
  const html = await response.text();
  if (response.status !== status) throw new Error(`${pagePath} answered ${response.status}, not ${status}`);
  const { inline, external } = documentScripts(html);
  const measured = [];
  for (const src of external) {
    const url = new URL(src, origin + pagePath).href;
    if (!sizes.has(url)) sizes.set(url, transferSize(url));
    measured.push({ url: src, bytes: await sizes.get(url) });
  }
  const css = inlineStylesheet(html);
  return judge({
    page: pagePath,
    runtime: html.includes("window.__remixContext"),
    inline: inline.map((text) => ({ text, raw: Buffer.byteLength(text), compressed: compressedSize(text) })),
    external: measured,
    stylesheet: css === null ? null : compressedSize(css),
  });
}

export function table(rows) {
  const head = ["page", "runtime", "inline", "external", "total KB", "budget KB", ""];
  const lines = rows.map((r) => [
    r.page,
    r.runtime ? "yes" : "no",
    `${r.inline.length} · ${kb(r.inlineBytes)} KB`,
    `${r.external.length} · ${kb(r.externalBytes)} KB`,
    kb(r.total),
    kb(r.budget),
    r.ok ? "✓" : "✗ over",
  ]);
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) =>
    cells
      .map((c, i) => (i === 0 || i === cells.length - 1 ? c.padEnd(widths[i]) : c.padStart(widths[i])))
      .join("  ")
      .trimEnd();
  return [format(head), widths.map((w) => "-".repeat(w)).join("  "), ...lines.map(format)].join("\n");
}

async function main() {
  const [flag, value, ...rest] = process.argv.slice(2);
  if ((flag && flag !== "--json") || (flag && !value) || rest.length) {
    console.error("usage: node scripts/js-budget.mjs [--json FILE]");
    process.exit(2);
  }
  ensureDependencies();
  ensureBuild();
  say("Starting the production server with a temporary DATA_DIR…");
  const site = await startSite({ label: "budget" });
  const rows = [];
  try {
    const sitemap = await fetch(`${site.origin}/sitemap.xml`, { signal: AbortSignal.timeout(60_000) });
    if (!sitemap.ok) throw new Error(`/sitemap.xml answered ${sitemap.status}`);
    const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(decode(loc)));
    if (!locs.length) throw new Error("/sitemap.xml lists no pages");
    const pages = [...locs.map((loc) => ({ path: loc.pathname + loc.search, status: 200 })), ...EXTRA_PAGES];
    say(`Measuring the scripts of ${pages.length} pages…`);
    const sizes = new Map();
    for (const page of pages) {
      try {
        const row = await measure(site.origin, page, sizes);
        rows.push(row);
      } catch (error) {
        rows.push({ page: page.path, ok: false, errors: [`could not be measured: ${error.message}`] });
      }
    }
  } finally {
    await site.stop();
  }

  const measured = rows.filter((r) => r.inline);
  const stylesheet = measured.find((r) => r.stylesheet !== null)?.stylesheet ?? null;
  console.log(`\nScripts each page loads (compressed; 1 KB = 1,024 bytes):\n\n${table(measured)}`);
  console.log(
    stylesheet === null
      ? "\nThe stylesheet is linked, not inlined."
      : `\nInlined stylesheet: ${kb(stylesheet)} KB compressed (limit ${kb(STYLESHEET_LIMIT)} KB, decision 031).`,
  );
  const failed = rows.filter((r) => !r.ok);
  for (const r of failed) for (const e of r.errors) console.log(`✗ ${r.page}: ${e}`);
  console.log(`\nJS budget: ${rows.length} pages, ${failed.length} over budget`);
  if (value) {
    const file = path.resolve(value);
    mkdirSync(path.dirname(file), { recursive: true });
    const pages = rows.map(({ page, ok, errors, runtime, total, budget }) => ({
      page,
      ok,
      errors,
      runtime,
      total,
      budget,
    }));
    writeFileSync(file, JSON.stringify({ stylesheet, pages }, null, 2));
  }
  process.exit(failed.length ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error(`\n✗ the JS budget could not run: ${error?.stack ?? error}`);
    process.exit(2);
  });
}
