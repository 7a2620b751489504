// `npm run lighthouse`: a Lighthouse 12 report of every page of the production server's sitemap.
//
// Installs what is missing, builds when stale, starts `node build/host.js` with a fresh temporary
// DATA_DIR on a free loopback port (the same start as `npm run bench`), reads /sitemap.xml, then
// runs Lighthouse's default mobile preset (simulated throttling) in Debian's Chromium (CHROME_PATH,
// default /usr/bin/chromium) on each page. Before a page is audited it is loaded once in the same
// mobile viewport (Playwright's Chromium), so the server has made the image variants that viewport
// asks for, as its background work does after start (issue 10): the audit is a visitor's first
// visit to a server that is ready, not the server's first sight of the page. It prints one table
// (the four category scores, FCP, LCP, TBT, CLS, the page's weight and the script it transfers),
// then, for every page under 100 anywhere, the audits that fail there. It is a report: it exits 0
// whatever the scores; non-zero only when the server or Chromium cannot be started.
//
// Options (after `npm run lighthouse --`): page paths to audit instead of the sitemap's,
// --json DIR to keep each full Lighthouse report (JSON) there, and --no-warm to audit without
// loading each page first.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { machine, revision } from "./lib/bench-setup.mjs";
import { ensureBuild, ensureDependencies, say } from "./lib/ensure.mjs";
import { startSite } from "./lib/site.mjs";

/** Lighthouse's default mobile preset: a Moto G Power, 412 × 823 CSS pixels at 1.75. */
const MOBILE = { viewport: { width: 412, height: 823 }, deviceScaleFactor: 1.75, isMobile: true, hasTouch: true };
const CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];
const CHROME_FLAGS = [
  "--headless=new",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-background-networking",
  "--disable-component-update",
  "--no-first-run",
  "--disable-sync",
  "--disable-quic",
];
// Audits that do not pass or fail.
const NOT_SCORED = new Set(["informative", "notApplicable", "manual", "error"]);

function parseArgs(argv) {
  const options = { pages: [], jsonDir: null, warm: true };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=", 2);
    if (flag === "--json") options.jsonDir = inline ?? argv[++i];
    else if (flag === "--no-warm") options.warm = false;
    else if (argv[i].startsWith("/")) options.pages.push(argv[i]);
    else {
      console.error(`unknown option ${argv[i]} (see the top of scripts/lighthouse.mjs)`);
      process.exit(2);
    }
  }
  return options;
}

/** Every page of the sitemap, as paths. */
async function sitemapPages(origin) {
  const response = await fetch(`${origin}/sitemap.xml`, { signal: AbortSignal.timeout(60_000) });
  if (!response.ok) throw new Error(`/sitemap.xml answered ${response.status}`);
  const locs = [...(await response.text()).matchAll(/<loc>([^<]+)<\/loc>/g)].map(
    ([, loc]) => new URL(loc.replace(/&amp;/g, "&")),
  );
  return locs.map((loc) => loc.pathname + loc.search);
}

/** Loads a page once in a mobile viewport and waits until the network is quiet (images included). */
async function warm(browser, url) {
  const context = await browser.newContext(MOBILE);
  try {
    const page = await context.newPage();
    await page.goto(url, { waitUntil: "networkidle", timeout: 120_000 });
  } finally {
    await context.close();
  }
}

const score = (s) => (s == null ? "–" : String(Math.round(s * 100)));
const ms = (v) => (v == null ? "–" : `${Math.round(v).toLocaleString("en-US")} ms`);

/** The audits of one category that fail: scored, with a score under 1, worst and heaviest first. */
function failingAudits(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  return (
    category.auditRefs
      .map((ref) => ({ ref, audit: lhr.audits[ref.id] }))
      .filter(({ audit }) => audit && !NOT_SCORED.has(audit.scoreDisplayMode) && audit.score != null && audit.score < 1)
      // Those that weigh in the score first, then the worst.
      .sort(
        (a, b) =>
          Number(b.ref.weight > 0) - Number(a.ref.weight > 0) ||
          a.audit.score - b.audit.score ||
          b.ref.weight - a.ref.weight,
      )
  );
}

/** One page's row of the table. */
function summarise(pagePath, lhr) {
  const a = lhr.audits;
  const requests = a["network-requests"]?.details?.items ?? [];
  const scripts = requests.filter((r) => r.resourceType === "Script");
  return {
    page: pagePath,
    scores: CATEGORIES.map((id) => lhr.categories[id]?.score ?? null),
    fcp: a["first-contentful-paint"]?.numericValue,
    lcp: a["largest-contentful-paint"]?.numericValue,
    tbt: a["total-blocking-time"]?.numericValue,
    cls: a["cumulative-layout-shift"]?.numericValue,
    weight: a["total-byte-weight"]?.numericValue,
    script: scripts.reduce((n, r) => n + (r.transferSize ?? 0), 0),
    scriptFiles: scripts.length,
    error: lhr.runtimeError?.code ?? null,
  };
}

const kb = (bytes) => (bytes == null ? "–" : (bytes / 1024).toFixed(0));

/** The one table: a row per page. */
function table(rows) {
  const head = ["page", "perf", "a11y", "bp", "seo", "FCP ms", "LCP ms", "TBT ms", "CLS", "weight KB", "JS KB (files)"];
  const lines = rows.map((r) =>
    r.failed
      ? [r.page, "failed", "", "", "", "", "", "", "", "", ""]
      : [
          r.page,
          ...r.scores.map(score),
          ms(r.fcp).replace(" ms", ""),
          ms(r.lcp).replace(" ms", ""),
          ms(r.tbt).replace(" ms", ""),
          r.cls == null ? "–" : r.cls.toFixed(3),
          kb(r.weight),
          `${kb(r.script)} (${r.scriptFiles})`,
        ],
  );
  const widths = head.map((h, i) => Math.max(h.length, ...lines.map((l) => l[i].length)));
  const format = (cells) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join("  ");
  const perfect = rows.filter((r) => !r.failed && r.scores.every((x) => x === 1)).length;
  const fast = rows.filter((r) => !r.failed && r.scores[0] === 1).length;
  return [
    format(head),
    widths.map((w) => "-".repeat(w)).join("  "),
    ...lines.map(format),
    "",
    `${rows.length} pages: performance 100 on ${fast}, all four categories 100 on ${perfect}.`,
    "weight: every byte the page transferred (total-byte-weight); JS: script files transferred (inline scripts are in the document).",
  ].join("\n");
}

function report(pagePath, lhr) {
  const out = [];
  out.push(`\n${pagePath}  (${lhr.finalDisplayedUrl})`);
  if (lhr.runtimeError) out.push(`  ! Lighthouse runtime error: ${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
  for (const warning of lhr.runWarnings ?? []) out.push(`  ! ${warning}`);
  out.push(`  ${CATEGORIES.map((id) => `${id} ${score(lhr.categories[id]?.score)}`).join(" · ")}`);
  const a = lhr.audits;
  out.push(
    `  LCP ${ms(a["largest-contentful-paint"]?.numericValue)} · CLS ${a["cumulative-layout-shift"]?.numericValue?.toFixed(3) ?? "–"} · TBT ${ms(a["total-blocking-time"]?.numericValue)}` +
      `  (FCP ${ms(a["first-contentful-paint"]?.numericValue)}, Speed Index ${ms(a["speed-index"]?.numericValue)}, TTFB ${ms(a["server-response-time"]?.numericValue)})`,
  );
  for (const id of CATEGORIES) {
    const category = lhr.categories[id];
    if (!category || category.score == null || category.score >= 1) continue;
    const failing = failingAudits(lhr, id);
    out.push(`  ${category.title} ${score(category.score)} — failing audits:`);
    if (!failing.length) out.push("    (none scored below 1: the category score comes from metric weights)");
    for (const { ref, audit } of failing) {
      const detail = audit.displayValue ? ` — ${audit.displayValue}` : "";
      const weight = ref.weight ? ` [weight ${ref.weight}]` : "";
      out.push(`    - ${audit.title}${detail} (score ${score(audit.score)}, ${audit.id})${weight}`);
      for (const item of explain(audit)) out.push(`        ${item}`);
    }
  }
  return out.join("\n");
}

/** A few lines from an audit's details, so a developer sees which element, file or chain is at fault. */
function explain(audit) {
  return describe(audit.details).slice(0, 6);
}

function describe(details, title) {
  if (!details) return [];
  switch (details.type) {
    case "list":
      return details.items.flatMap((item) => describe(item));
    case "list-section":
      return describe(details.value, details.title);
    case "text":
      return title ? [`· ${title}: ${details.value}`] : [];
    case "network-tree": {
      // The longest chain of requests, each waiting for the one before.
      const chain = [];
      let nodes = details.chains;
      while (nodes && Object.keys(nodes).length) {
        const next = Object.values(nodes).find((n) => n.isLongest) ?? Object.values(nodes)[0];
        chain.push(`${shortUrl(next.url)} (${Math.round(next.navStartToEndTime)} ms)`);
        nodes = next.children;
      }
      const count = countNodes(details.chains);
      return chain.length ? [`· longest chain: ${chain.join(" → ")}; ${count} requests in the tree`] : [];
    }
    case "table":
    case "opportunity": {
      const lines = [];
      for (const item of details.items.slice(0, 4)) {
        const node = item.node ?? item.element;
        const text =
          (node && (node.snippet || node.selector)) ||
          item.url ||
          item.source?.url ||
          item.source?.value ||
          item.description ||
          item.subItems?.items?.[0]?.relatedNode?.snippet ||
          null;
        const extra = item.wastedBytes
          ? ` (${Math.round(item.wastedBytes / 1024)} KiB unused)`
          : item.reflowTime
            ? ` (${Math.round(item.reflowTime)} ms)`
            : "";
        if (text) lines.push(`· ${String(text).replace(/\s+/g, " ").slice(0, 160)}${extra}`);
      }
      if (details.items.length > 4) lines.push(`· …and ${details.items.length - 4} more`);
      return lines;
    }
    default:
      return [];
  }
}

const shortUrl = (url) => {
  try {
    const u = new URL(url);
    return u.protocol.startsWith("http") ? `${u.pathname}${u.search}`.slice(0, 60) : url.slice(0, 40);
  } catch {
    return String(url).slice(0, 60);
  }
};

function countNodes(nodes) {
  return Object.values(nodes ?? {}).reduce((n, node) => n + 1 + countNodes(node.children), 0);
}

async function main() {
  const options = parseArgs(process.argv.slice(2));
  const m = machine();
  console.log(
    `Machine: ${m.cpu}, ${m.cores} cores, ${m.memory} RAM, Node ${m.node}, ${m.platform}; load average ${os
      .loadavg()
      .map((x) => x.toFixed(2))
      .join(" ")}`,
  );
  ensureDependencies();
  ensureBuild();
  process.env.CHROME_PATH ||= "/usr/bin/chromium";
  const { default: lighthouse } = await import("lighthouse");
  const chromeLauncher = await import("chrome-launcher");
  const { chromium } = await import("@playwright/test");

  let chrome = null;
  let warmer = null;
  say("Starting the production server (node build/host.js) with a temporary DATA_DIR…");
  let site;
  try {
    site = await startSite({ label: "lighthouse", onInterrupt: async () => (await warmer?.close(), chrome?.kill()) });
  } catch (error) {
    console.error(`\n✗ ${error.message}`);
    process.exit(1);
  }

  const rows = [];
  const details = [];
  let lighthouseVersion = "12";
  try {
    console.log(`  ${site.origin} ready in ${(site.startupMs / 1000).toFixed(1)} s (NODE_ENV=${site.env.NODE_ENV})`);
    const pages = options.pages.length ? options.pages : await sitemapPages(site.origin);
    say(`Launching ${process.env.CHROME_PATH}…`);
    if (!existsSync(process.env.CHROME_PATH)) {
      console.error(
        `\n✗ No Chromium at ${process.env.CHROME_PATH} (set CHROME_PATH; on Debian: apt-get install chromium)`,
      );
      return 1;
    }
    try {
      chrome = await chromeLauncher.launch({
        chromePath: process.env.CHROME_PATH,
        chromeFlags: CHROME_FLAGS,
        logLevel: "silent",
      });
      if (options.warm) {
        warmer = await chromium.launch({ executablePath: process.env.CHROME_PATH, args: CHROME_FLAGS.slice(1) });
      }
    } catch (error) {
      console.error(`\n✗ Chromium did not start (${process.env.CHROME_PATH}): ${error.message}`);
      return 1;
    }
    const browserVersion = await fetch(`http://127.0.0.1:${chrome.port}/json/version`)
      .then((r) => r.json())
      .then((v) => v.Browser)
      .catch(() => "unknown");
    for (const [i, pagePath] of pages.entries()) {
      say(`Lighthouse ${pagePath} (${i + 1} of ${pages.length})…`);
      try {
        if (warmer) await warm(warmer, site.origin + pagePath);
        const audit = () =>
          lighthouse(site.origin + pagePath, {
            port: chrome.port,
            output: "json",
            logLevel: "error",
            onlyCategories: CATEGORIES,
          });
        let result = await audit();
        if (result?.lhr.runtimeError) {
          // A trace that misses its navigation start (NO_NAVSTART) happens now and then in headless Chromium.
          console.log(`  ${result.lhr.runtimeError.code}: running ${pagePath} once more`);
          result = await audit();
        }
        if (!result) throw new Error("no result");
        lighthouseVersion = result.lhr.lighthouseVersion;
        if (options.jsonDir) {
          mkdirSync(options.jsonDir, { recursive: true });
          const file = path.join(
            options.jsonDir,
            `${pagePath.replace(/[^a-z0-9]+/gi, "-").replace(/^-|-$/g, "") || "home"}.json`,
          );
          writeFileSync(file, result.report);
        }
        const row = summarise(pagePath, result.lhr);
        rows.push(row);
        if (row.error || row.scores.some((x) => x !== 1)) details.push(report(pagePath, result.lhr));
      } catch (error) {
        rows.push({ page: pagePath, failed: true });
        details.push(`\n${pagePath}\n  ! Lighthouse failed: ${error.message}`);
      }
    }
    const header = [
      "",
      `Dovetail Lighthouse report — ${new Date().toISOString()}`,
      `Machine: ${m.cpu}, ${m.cores} cores, ${m.memory} RAM, Node ${m.node}, ${m.platform}; load average ${os
        .loadavg()
        .map((x) => x.toFixed(2))
        .join(" ")}`,
      `Lighthouse ${lighthouseVersion}, default mobile preset (formFactor mobile, simulated throttling: slow 4G, 4× CPU slowdown), ${browserVersion}`,
      `Server: node build/host.js, NODE_ENV=${site.env.NODE_ENV}, embedded CMS on PGlite (fresh DATA_DIR), ${site.origin}; revision ${revision()}`,
      options.warm
        ? "Each page was loaded once in the same mobile viewport before its audit (the server's image variants made)."
        : "Pages were audited cold (--no-warm): a page's first audit may wait for its image variants to be made.",
      "",
      table(rows),
    ];
    console.log(header.join("\n"));
    if (details.length) {
      console.log(
        "\nPages under 100 in a category, with the failing audits (scored, score below 1; informative and not-applicable ones left out):",
      );
      console.log(details.join("\n"));
    }
    if (options.jsonDir) console.log(`\nFull reports (JSON) in ${path.resolve(options.jsonDir)}`);
  } finally {
    try {
      await warmer?.close();
    } catch {
      /* already gone */
    }
    try {
      await chrome?.kill();
    } catch {
      /* already gone */
    }
    say("Stopping the server and deleting the temporary DATA_DIR…");
    await site.stop();
  }
  return 0;
}

main()
  .then((code) => process.exit(code))
  .catch((error) => {
    console.error(`\n✗ ${error?.stack ?? error}`);
    process.exit(1);
  });
