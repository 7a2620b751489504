import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, symlinkSync } from "node:fs";
import path from "node:path";

import { defineConfig, devices } from "@playwright/test";

/**
 * Journeys in Debian's Chromium against the production build. The key journeys run twice: with
 * JavaScript and without (ONCE_FILES below). A second server whose upstream is unreachable checks the fallbacks.
 * `npm test` builds first; run alone with `npx playwright test` after `npm run build`.
 */
// E2E_PORT moves the four servers (the offline one takes the next port, the shop's the one
// after, then the back-office's), so two checkouts can run at once.
const PORT = Number(process.env.E2E_PORT ?? 3100);
const OFFLINE_PORT = PORT + 1;
const SHOP_PORT = PORT + 2;
const BACK_OFFICE_PORT = PORT + 3;
// Set in the environment, so the workers (their own processes) read the same server's DATA_DIR:
// its demo-credentials.txt and its mail outbox (tests/e2e/accounts.ts).
process.env.E2E_DATA_DIR ??= `./.cache/e2e-${process.pid}`;
const dataDir = process.env.E2E_DATA_DIR;
// The shop's server keeps its own database, where `npm run settings` has switched the shop on.
process.env.E2E_SHOP_DATA_DIR ??= `${dataDir}-shop`;
const shopDataDir = process.env.E2E_SHOP_DATA_DIR;
// The back-office's journeys edit pages, records and settings on a server of their own.
process.env.E2E_BACK_OFFICE_DATA_DIR ??= `${dataDir}-back-office`;
const backOfficeDataDir = process.env.E2E_BACK_OFFICE_DATA_DIR;

// The three servers with an embedded CMS start from copies of one seeded database, made once per
// change to what it is made of (scripts/lib/seeded-data.mjs, decision 100), instead of each
// seeding its own. Once per run: the workers load this file again with the flag set.
if (!process.env.E2E_SEEDED) {
  const siteDirs = [dataDir, shopDataDir, backOfficeDataDir];
  execFileSync(process.execPath, ["scripts/lib/seeded-data.mjs", ...siteDirs], { stdio: "inherit" });
  // …and one image cache, as instances on a shared volume would: a variant one server made (an
  // AVIF encode takes up to a second here) is not made again by the next.
  const images = path.resolve(`${dataDir}-image-cache`);
  mkdirSync(images, { recursive: true });
  for (const dir of siteDirs) {
    if (!existsSync(path.join(dir, "image-cache"))) symlinkSync(images, path.join(dir, "image-cache"));
  }
  process.env.E2E_SEEDED = "1";
}

// Debian's chromium-headless-shell, the build Playwright itself uses for headless runs, when it is
// there: the full browser in headless mode spends about three times the CPU on each context and
// navigation (decision 100). `npm test` installs it.
const HEADLESS_SHELL = "/usr/bin/chromium-headless-shell";
const chromium = {
  ...devices["Desktop Chrome"],
  launchOptions: {
    executablePath: process.env.CHROMIUM_PATH ?? (existsSync(HEADLESS_SHELL) ? HEADLESS_SHELL : "/usr/bin/chromium"),
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-background-networking",
      "--disable-component-update",
      "--no-first-run",
      "--disable-sync",
      "--disable-quic",
      // Less work per page, measured: one raster thread, no compositor-thread animation or
      // scrolling, images decoded when painted, one renderer process for all of a worker's pages.
      "--num-raster-threads=1",
      "--disable-threaded-animation",
      "--disable-threaded-scrolling",
      "--disable-checker-imaging",
      "--renderer-process-limit=1",
      "--disable-site-isolation-trials",
      // The journeys never reach the internet: any other host than this machine's fails to resolve
      // at once (the map embed's Google page, say). Not a page.route: routing turns the browser's
      // HTTP cache off and passes every request of the page through the test's process.
      "--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE localhost, EXCLUDE 127.0.0.1",
    ],
  },
};

/**
 * The key journeys (forms, sign-in, the cart, vouchers, the back-office's editing, tabs, menus)
 * run twice, with and without JavaScript. What a second run would only repeat runs once, in the
 * projects with JavaScript: a journey tagged `@once` (a layout measured, an axe scan, something
 * only JavaScript does), and these files, which check what the server answers (the head, status
 * codes and headers, tokens, documents, embeds, error reports, which pages ship the runtime).
 */
const ONCE_FILES =
  /\/(head|errors|tokens|documents|embeds|link-state|error-reporting|runtime|shop-closed|back-office-errors)\.spec\.ts$/;

export default defineConfig({
  testDir: "tests/e2e",
  fullyParallel: true,
  // Three on two cores: a journey that waits (a slideshow's interval, a mail, a captcha's time)
  // leaves its core to the others.
  workers: 3,
  retries: process.env.CI ? 1 : 0,
  reporter: process.env.CI ? "line" : "list",
  timeout: 45_000,
  // On two cores the first visit to a page also makes its image variants (AVIF takes about a
  // second each), so a navigation can wait on that work: allow for it.
  expect: { timeout: 15_000 },
  // The site registers a service worker (decision 063); page.route cannot see what a worker
  // fetches, so the journeys run without one, except pwa.spec.ts, which allows it.
  // A trace costs Chromium more CPU than the journey itself: it is recorded on the retry of a
  // failed journey (CI), or on demand with `npx playwright test --trace on`.
  use: { baseURL: `http://localhost:${PORT}`, trace: "on-first-retry", serviceWorkers: "block" },
  // Projects run one after another, in this order, each starting as the last one's workers free
  // up: the projects with the longest journeys (a shop purchase takes 20–30 s) go first, so that
  // they overlap the many short ones rather than end the run with one worker busy and the others
  // done.
  projects: [
    {
      name: "shop-js",
      use: { ...chromium, javaScriptEnabled: true, baseURL: `http://localhost:${SHOP_PORT}` },
      testMatch: /shop\.spec/,
    },
    // The back-office's journeys change pages, records and settings: on a server of their own,
    // so no other journey sees their edits (decision 080's reason, again).
    {
      name: "cms-js",
      use: { ...chromium, javaScriptEnabled: true, baseURL: `http://localhost:${BACK_OFFICE_PORT}` },
      testMatch: /back-office-.*\.spec/,
    },
    { name: "js", use: { ...chromium, javaScriptEnabled: true }, testIgnore: /(offline|shop|back-office-.*)\.spec/ },
    {
      name: "shop-no-js",
      use: { ...chromium, javaScriptEnabled: false, baseURL: `http://localhost:${SHOP_PORT}` },
      testMatch: /shop\.spec/,
      testIgnore: ONCE_FILES,
      grepInvert: /@once/,
    },
    {
      name: "cms-no-js",
      use: { ...chromium, javaScriptEnabled: false, baseURL: `http://localhost:${BACK_OFFICE_PORT}` },
      testMatch: /back-office-.*\.spec/,
      testIgnore: ONCE_FILES,
      grepInvert: /@once/,
    },
    {
      name: "no-js",
      use: { ...chromium, javaScriptEnabled: false },
      testIgnore: [/(offline|shop|back-office-.*)\.spec/, ONCE_FILES],
      grepInvert: /@once/,
    },
    {
      name: "offline",
      use: { ...chromium, javaScriptEnabled: false, baseURL: `http://localhost:${OFFLINE_PORT}` },
      testMatch: /offline\.spec/,
    },
  ],
  // The four servers: the main one, one whose upstream is unreachable (the fallbacks), the shop's
  // and the back-office's, started side by side (tests/e2e/servers.ts).
  globalSetup: "./tests/e2e/servers.ts",
});
