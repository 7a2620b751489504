// `npm run validate:html` (and a step of `npm test`): every seeded page through the W3C Nu HTML
// Checker (vnu, from the vnu-jar package).
//
// Installs what is missing (a Java runtime: Debian's default-jre-headless), builds when stale,
// starts the production server with a fresh temporary DATA_DIR on a free loopback port, and
// fetches, as a browser does (the streamed document):
//   - every page of /sitemap.xml (catalogue groups and items included);
//   - every same-site link on those pages that the sitemap lacks (each ?tab= of a tabs row,
//     each gallery's item page, each photo's own page), leaving out the language and theme
//     switchers' links;
//   - the variants: light and dark theme, right to left (Arabic), the 404 page, and a page as a
//     crawler gets it (the whole document at once).
// Then it runs vnu once over all of them (--errors-only, JSON) and prints every error with its
// page, line, column and message (CSS messages left out: see runVnu). Exits 1 when any page has an error or answers an unexpected
// status, 2 when the check could not run.
//
// Options (after `npm run validate:html --`):
//   --json FILE   also write a summary, one result per page ({ pages: [{ page, ok, errors }] })
import { spawnSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import os from "node:os";
import path from "node:path";
import { pathToFileURL } from "node:url";

import { ensureBuild, ensureDependencies, ensureJava, say } from "./lib/ensure.mjs";
import { startSite } from "./lib/site.mjs";

const BROWSER_UA = "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36";
const CRAWLER_UA = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)";

/** Pages beyond the sitemap and its links: each a path, what it shows, and the status it must answer. */
const VARIANTS = [
  { path: "/?theme=light", note: "light theme" },
  { path: "/showcase?theme=dark", note: "dark theme" },
  { path: "/?lng=ar", note: "Arabic, right to left" },
  { path: "/showcase?lng=ar&theme=dark", note: "Arabic, dark" },
  { path: "/no-such-page", note: "the 404 page", status: 404 },
  { path: "/demo_asdf", note: "the style guide" },
  { path: "/demo_asdf?theme=dark", note: "the style guide, dark" },
  { path: "/showcase", note: "as a crawler gets it", userAgent: CRAWLER_UA },
  // A photo's own page under a gallery's page (two links from the sitemap; the showcase's own are one).
  { path: "/showcase/in-the-workshop?gallery=showcase-galleries&photo=2", note: "a gallery page's photo" },
  // Search (not in the sitemap: noindex): results with images and marks, none, and the empty form.
  { path: "/search/table", note: "search results" },
  { path: "/search?q=zzqxw", note: "search without results" },
  { path: "/search", note: "the empty search page" },
];

/** Links that are not pages of their own to check: files (documents under /api/ too), and the switchers' variants of a page. */
const NOT_A_PAGE = /^\/(?:assets|build|v|locales|api)\/|\.(?:svg|png|jpe?g|webp|avif|ico|mp4|xml|txt)$/;
const SWITCHER = /[?&](?:lng|theme)=/;

const decode = (s) =>
  s
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'");

/** Same-site links (`<a href="/…">`) of a page, without their #fragment. */
function pageLinks(html) {
  const links = [];
  for (const [, href] of html.matchAll(/<a\b[^>]*?\shref="(\/(?!\/)[^"#]*)(?:#[^"]*)?"/g)) links.push(decode(href));
  return links;
}

async function fetchPage(origin, { path: pagePath, userAgent = BROWSER_UA }) {
  const response = await fetch(origin + pagePath, {
    headers: { "user-agent": userAgent, accept: "text/html", "accept-language": "en" },
    signal: AbortSignal.timeout(60_000),
  });
  return { status: response.status, type: response.headers.get("content-type") ?? "", html: await response.text() };
}

/** Fetches every page to check into `dir`; resolves to the pages, each with its file and status problem. */
async function collectPages(origin, dir) {
  const pages = [];
  const seen = new Set();
  const add = async (page) => {
    const key = `${page.path}\n${page.userAgent ?? ""}`;
    if (seen.has(key)) return null;
    seen.add(key);
    const file = path.join(dir, `${String(pages.length + 1).padStart(3, "0")}.html`);
    const entry = { ...page, file, saved: false, problem: null };
    pages.push(entry);
    try {
      const { status, type, html } = await fetchPage(origin, page);
      writeFileSync(file, html);
      entry.saved = true;
      const want = page.status ?? 200;
      const linkedFrom = page.from ? ` (linked from ${page.from})` : "";
      if (status !== want) entry.problem = `answers ${status}, not ${want}${linkedFrom}`;
      else if (!type.startsWith("text/html")) entry.problem = `answers ${type || "no content type"}, not text/html`;
      return html;
    } catch (error) {
      entry.problem = `could not be fetched: ${error.message}`;
      return null;
    }
  };

  const sitemap = await fetch(`${origin}/sitemap.xml`, { signal: AbortSignal.timeout(60_000) });
  if (!sitemap.ok) throw new Error(`/sitemap.xml answered ${sitemap.status}`);
  const locs = [...(await sitemap.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(([, loc]) => new URL(decode(loc)));
  if (!locs.length) throw new Error("/sitemap.xml lists no pages");
  const linked = [];
  for (const loc of locs) {
    const html = await add({ path: loc.pathname + loc.search, note: "sitemap" });
    for (const link of html ? pageLinks(html) : []) {
      if (!NOT_A_PAGE.test(link.split("?")[0]) && !SWITCHER.test(link)) linked.push({ path: link, from: loc.pathname });
    }
  }
  for (const link of linked) await add({ ...link, note: `linked from ${link.from}` });
  for (const variant of VARIANTS) await add(variant);
  return pages;
}

/** Runs vnu once over the files; resolves to its messages, grouped by file. */
function runVnu(files) {
  if (!files.length) return new Map();
  const jar = String(createRequire(import.meta.url)("vnu-jar"));
  // One short run: the JIT's first tier only and the serial collector halve the JVM's CPU (26 s of
  // CPU to 13 s over the seeded pages, the same report; measured), which the page checks share
  // with the JavaScript budget beside them. The first tier's frames are larger: vnu's schema
  // needs more than the default stack then.
  const jvm = ["-XX:TieredStopAtLevel=1", "-XX:+UseSerialGC", "-Xss8m"];
  const result = spawnSync(
    "java",
    [
      ...jvm,
      "-jar",
      jar,
      "--errors-only",
      "--no-langdetect",
      "--format",
      "json",
      "--stdout",
      "--exit-zero-always",
      ...files,
    ],
    { encoding: "utf8", maxBuffer: 64 * 1024 * 1024 },
  );
  if (result.error) throw result.error;
  let report;
  try {
    report = JSON.parse(result.stdout);
  } catch {
    throw new Error(`vnu did not answer JSON (exit ${result.status}):\n${result.stderr || result.stdout}`);
  }
  const byFile = new Map(files.map((f) => [f, []]));
  for (const message of report.messages ?? []) {
    // The inlined stylesheet (decision 031) is Tailwind's CSS, newer than vnu's CSS checker knows
    // (margin-trim, custom properties in transitions): the markup is what is checked here, as when
    // the stylesheet was a file of its own that vnu never saw.
    if (message.message?.startsWith("CSS: ")) continue;
    const file = message.url ? new URL(message.url).pathname : null;
    const list = byFile.get(file);
    if (list) list.push(message);
    else throw new Error(`vnu: ${message.type}: ${message.message}`);
  }
  return byFile;
}

/** The markup vnu points at, with a little context, on one line. */
function near({ extract, hiliteStart = 0, hiliteLength = 0 }) {
  if (!extract) return "";
  const from = Math.max(0, hiliteStart - 30);
  const to = Math.min(extract.length, hiliteStart + Math.min(hiliteLength, 100) + 30);
  const text = extract.slice(from, to).replace(/\s+/g, " ").trim();
  return `\n      near: ${from > 0 ? "…" : ""}${text}${to < extract.length ? "…" : ""}`;
}

function report(pages, byFile) {
  const results = [];
  for (const page of pages) {
    const label = `${page.path}${page.userAgent === CRAWLER_UA ? " (as a crawler)" : ""}`;
    const errors = [];
    if (page.problem) errors.push(page.problem);
    for (const m of byFile.get(page.file) ?? []) {
      const where = `line ${m.lastLine ?? m.firstLine ?? "?"}, column ${m.firstColumn ?? m.lastColumn ?? "?"}`;
      errors.push(`${where}: ${m.message}${near(m)}`);
    }
    results.push({ page: label, note: page.note, ok: errors.length === 0, errors });
  }
  return results;
}

async function main() {
  const [flag, value, ...rest] = process.argv.slice(2);
  if ((flag && flag !== "--json") || (flag && !value) || rest.length) {
    console.error("usage: node scripts/validate-html.mjs [--json FILE]");
    process.exit(2);
  }
  const jsonFile = value ? path.resolve(value) : null;
  ensureDependencies();
  ensureJava();
  ensureBuild();

  const dir = mkdtempSync(path.join(os.tmpdir(), "dovetail-vnu-"));
  process.on("exit", () => rmSync(dir, { recursive: true, force: true }));
  say("Starting the production server with a temporary DATA_DIR…");
  const site = await startSite({ label: "vnu" });
  let pages;
  try {
    say("Fetching every page of the sitemap, the pages they link to, and the variants…");
    pages = await collectPages(site.origin, dir);
  } finally {
    await site.stop();
  }
  say(`Checking ${pages.length} pages with the Nu HTML Checker (vnu, one run)…`);
  const started = Date.now();
  const byFile = runVnu(pages.filter((p) => p.saved).map((p) => p.file));
  const results = report(pages, byFile);

  for (const r of results) {
    const count = `${r.errors.length} error${r.errors.length === 1 ? "" : "s"}`;
    console.log(r.ok ? `✓ ${r.page}` : `✗ ${r.page} — ${count}`);
    for (const e of r.errors) console.log(`    ${e}`);
  }
  const failed = results.filter((r) => !r.ok);
  const errorCount = results.reduce((n, r) => n + r.errors.length, 0);
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `\nvnu: ${results.length} pages, ${errorCount} errors, ${failed.length} pages failed (checked in ${seconds} s)`,
  );
  if (jsonFile) {
    mkdirSync(path.dirname(jsonFile), { recursive: true });
    writeFileSync(jsonFile, JSON.stringify({ pages: results }, null, 2));
  }
  process.exit(failed.length ? 1 : 0);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? "").href) {
  main().catch((error) => {
    console.error(`\n✗ the HTML check could not run: ${error?.stack ?? error}`);
    process.exit(2);
  });
}
