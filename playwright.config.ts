import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, symlinkSync } from "node:fs";
import path from "node:path";

import { defineConfig, devices } from "@playwright/test";

import { E2E_SESSION_SECRET } from "./tests/e2e/support";

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

/** What the site's servers share: the session secret, no warm-up, room for many sign-ins. */
const siteEnv = (port: number, dir: string) => ({
  PORT: String(port),
  DATA_DIR: dir,
  NODE_ENV: "test",
  SESSION_SECRET: E2E_SESSION_SECRET,
  // The journeys make the images they show; the background warm-up would only compete for the CPU.
  IMAGE_WARM_UP: "off",
  // The journeys' first visits make the variants their pages name: at effort 0 an AVIF takes a
  // quarter of the default's time (a larger file, still an AVIF really made by sharp).
  IMAGE_AVIF_EFFORT: "0",
  // The form captcha's puzzle at 10 bits, not 18: solved with WebCrypto in the page, 18 bits cost
  // Chromium 3 to 7 s of CPU each time a journey starts on a form (measured); 10 is still solved.
  CAPTCHA_DIFFICULTY: "10",
  // The journeys sign in many times, all from 127.0.0.1: the sign-in limits would stop them.
  AUTH_RATE_LIMIT: "100",
  // A token login's `b` naming the site itself is accepted (decision 047).
  TOKEN_LOGIN_ORIGINS: `http://localhost:${port}`,
});

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
  projects: [
    { name: "js", use: { ...chromium, javaScriptEnabled: true }, testIgnore: /(offline|shop|back-office-.*)\.spec/ },
    {
      name: "no-js",
      use: { ...chromium, javaScriptEnabled: false },
      testIgnore: [/(offline|shop|back-office-.*)\.spec/, ONCE_FILES],
      grepInvert: /@once/,
    },
    // The back-office's journeys change pages, records and settings: on a server of their own,
    // so no other journey sees their edits (decision 080's reason, again).
    {
      name: "cms-js",
      use: { ...chromium, javaScriptEnabled: true, baseURL: `http://localhost:${BACK_OFFICE_PORT}` },
      testMatch: /back-office-.*\.spec/,
    },
    {
      name: "cms-no-js",
      use: { ...chromium, javaScriptEnabled: false, baseURL: `http://localhost:${BACK_OFFICE_PORT}` },
      testMatch: /back-office-.*\.spec/,
      testIgnore: ONCE_FILES,
      grepInvert: /@once/,
    },
    {
      name: "shop-js",
      use: { ...chromium, javaScriptEnabled: true, baseURL: `http://localhost:${SHOP_PORT}` },
      testMatch: /shop\.spec/,
    },
    {
      name: "shop-no-js",
      use: { ...chromium, javaScriptEnabled: false, baseURL: `http://localhost:${SHOP_PORT}` },
      testMatch: /shop\.spec/,
      testIgnore: ONCE_FILES,
      grepInvert: /@once/,
    },
    {
      name: "offline",
      use: { ...chromium, javaScriptEnabled: false, baseURL: `http://localhost:${OFFLINE_PORT}` },
      testMatch: /offline\.spec/,
    },
  ],
  webServer: [
    {
      command: "npx tsx server.ts",
      url: `http://localhost:${PORT}/healthz`,
      env: siteEnv(PORT, dataDir),
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
    },
    {
      // An upstream that refuses connections: seeded pages must still serve, others get the 503 page.
      command: "npx tsx server.ts",
      url: `http://localhost:${OFFLINE_PORT}/robots.txt`,
      env: {
        PORT: String(OFFLINE_PORT),
        DATA_DIR: `${dataDir}-offline`,
        NODE_ENV: "test",
        CMS_API_URL: "http://127.0.0.1:9",
        IMAGE_WARM_UP: "off",
        UPSTREAM_TIMEOUT_MS: "3000",
      },
      reuseExistingServer: false,
      timeout: 120_000,
    },
    {
      // The shop switched on (issue 15) the way an operator does it, then the site on that database.
      command: "npm run --silent settings -- set ecommerce true && npx tsx server.ts",
      url: `http://localhost:${SHOP_PORT}/healthz`,
      env: siteEnv(SHOP_PORT, shopDataDir),
      reuseExistingServer: false,
      timeout: 180_000,
      stdout: "pipe",
    },
    {
      command: "npx tsx server.ts",
      url: `http://localhost:${BACK_OFFICE_PORT}/healthz`,
      env: siteEnv(BACK_OFFICE_PORT, backOfficeDataDir),
      reuseExistingServer: false,
      timeout: 120_000,
      stdout: "pipe",
    },
  ],
});
