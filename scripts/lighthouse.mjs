// `npm run lighthouse`: a Lighthouse 12 report of a few pages of the production server.
//
// Installs what is missing, builds when stale, starts `tsx server.ts` with a fresh temporary
// DATA_DIR on a free loopback port (the same start as `npm run bench`), then runs Lighthouse's
// default mobile preset (simulated throttling) in Debian's Chromium (CHROME_PATH, default
// /usr/bin/chromium) on each page, and prints the four category scores, LCP, CLS and TBT, and,
// for every category under 100, the audits that fail there. It is a report: it exits 0 whatever
// the scores; non-zero only when the server or Chromium cannot be started.
//
// Options (after `npm run lighthouse --`): page paths to audit instead of the default three,
// and --json DIR to keep each full Lighthouse report (JSON) there.
import { existsSync, mkdirSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { machine, revision } from "./bench.mjs";
import { ensureBuild, ensureDependencies, say } from "./lib/ensure.mjs";
import { startSite } from "./lib/site.mjs";

const DEFAULT_PAGES = ["/", "/about", "/where-to-find-us"];
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
  const options = { pages: [], jsonDir: null };
  for (let i = 0; i < argv.length; i++) {
    const [flag, inline] = argv[i].split("=", 2);
    if (flag === "--json") options.jsonDir = inline ?? argv[++i];
    else if (argv[i].startsWith("/")) options.pages.push(argv[i]);
    else {
      console.error(`unknown option ${argv[i]} (see the top of scripts/lighthouse.mjs)`);
      process.exit(2);
    }
  }
  if (!options.pages.length) options.pages = DEFAULT_PAGES;
  return options;
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

  let chrome = null;
  say("Starting the production server (tsx server.ts) with a temporary DATA_DIR…");
  let site;
  try {
    site = await startSite({ label: "lighthouse", onInterrupt: () => chrome?.kill() });
  } catch (error) {
    console.error(`\n✗ ${error.message}`);
    process.exit(1);
  }

  const reports = [];
  let lighthouseVersion = "12";
  try {
    console.log(`  ${site.origin} ready in ${(site.startupMs / 1000).toFixed(1)} s (NODE_ENV=${site.env.NODE_ENV})`);
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
    } catch (error) {
      console.error(`\n✗ Chromium did not start (${process.env.CHROME_PATH}): ${error.message}`);
      return 1;
    }
    const browserVersion = await fetch(`http://127.0.0.1:${chrome.port}/json/version`)
      .then((r) => r.json())
      .then((v) => v.Browser)
      .catch(() => "unknown");
    for (const pagePath of options.pages) {
      say(`Lighthouse ${pagePath}…`);
      try {
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
        reports.push(report(pagePath, result.lhr));
      } catch (error) {
        reports.push(`\n${pagePath}\n  ! Lighthouse failed: ${error.message}`);
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
      `Server: tsx server.ts, NODE_ENV=${site.env.NODE_ENV}, embedded CMS on PGlite (fresh DATA_DIR), ${site.origin}; revision ${revision()}`,
      "Scores ×100: performance · accessibility · best-practices · seo. A failing audit: scored, score below 1 (informative and not-applicable ones left out).",
    ];
    console.log([...header, ...reports].join("\n"));
    if (options.jsonDir) console.log(`\nFull reports (JSON) in ${path.resolve(options.jsonDir)}`);
  } finally {
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
