// `npm run screenshots`: the phone screenshots of issue 11, taken from the production server.
//
// Starts `node build/host.js` with a fresh temporary DATA_DIR (as `npm run bench` does), then opens
// each page in Debian's Chromium (CHROME_PATH, default /usr/bin/chromium) at 390 × 844, in the
// light and dark themes and in English and Arabic, waits until the network is quiet, and
// saves the first screen as a JPEG in docs/screenshots/ (each well under 300 KB). Options: page
// paths to take instead of the default four.
import { mkdirSync, statSync } from "node:fs";
import path from "node:path";

import { ensureBuild, ensureDependencies, root, say } from "./lib/ensure.mjs";
import { startSite } from "./lib/site.mjs";

const PAGES = ["/", "/catalogue/table-settings", "/catalogue/table-settings/palmwoods-square-setting", "/showcase"];
const THEMES = ["light", "dark"];
const LANGUAGES = ["en", "ar"];
const OUT = path.join(root, "docs", "screenshots");

/** "/catalogue/table-settings" → "catalogue-table-settings"; "/" → "home". */
const slug = (p) => p.replace(/^\/+|\/+$/g, "").replace(/\//g, "-") || "home";

async function main() {
  const pages = process.argv.slice(2).filter((a) => a.startsWith("/"));
  ensureDependencies();
  ensureBuild();
  const { chromium } = await import("@playwright/test");
  say("Starting the production server (node build/host.js) with a temporary DATA_DIR…");
  const site = await startSite({ label: "screenshots" });
  const browser = await chromium.launch({
    executablePath: process.env.CHROME_PATH || "/usr/bin/chromium",
    args: ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking"],
  });
  mkdirSync(OUT, { recursive: true });
  try {
    for (const pagePath of pages.length ? pages : PAGES) {
      for (const lng of LANGUAGES) {
        for (const theme of THEMES) {
          const context = await browser.newContext({
            viewport: { width: 390, height: 844 },
            deviceScaleFactor: 1,
            isMobile: true,
            hasTouch: true,
            colorScheme: theme,
            reducedMotion: "reduce",
          });
          const page = await context.newPage();
          // The maps embed is Google's page, not ours; no network here.
          await page.route(/^https:\/\/(maps\.google\.com\.au|www\.google\.com)\//, (r) =>
            r.fulfill({ status: 200, contentType: "text/html", body: "<!doctype html><title>map</title>" }),
          );
          // The first screen's pictures (the others load lazily, later) and the enhancers.
          await page.goto(`${site.origin}${pagePath}?lng=${lng}&theme=${theme}`, { waitUntil: "networkidle" });
          await page.waitForTimeout(500);
          const file = path.join(OUT, `${slug(pagePath)}-${lng}-${theme}.jpg`);
          await page.screenshot({ path: file, type: "jpeg", quality: 70 });
          console.log(`  ${path.relative(root, file)}  ${(statSync(file).size / 1024).toFixed(0)} KB`);
          await context.close();
        }
      }
    }
  } finally {
    await browser.close();
    await site.stop();
  }
}

await main();
