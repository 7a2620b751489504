import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { expect, type Page, test } from "@playwright/test";

import { startSite } from "../../scripts/lib/site.mjs";

// The service worker (decision 063) with JavaScript; without it, no worker at all. These journeys
// run against a server of their own, started as a deployment runs (PUBLIC_URL set): only then are
// anonymous pages sent with a Cache-Control that lets the browser keep them. A new build is
// simulated the honest way: the built worker script is rewritten (a byte changed) between steps.
// "tests/e2e/offline.spec.ts" is something else: the site with its CMS unreachable.

const workerFile = path.join(process.cwd(), "public", "sw.js");

// The other journeys block service workers (playwright.config.ts); these are about one.
test.use({ serviceWorkers: "allow" });

test.describe("the installable, offline-capable site", () => {
  test.describe.configure({ mode: "serial" });
  let site: { origin: string; stop: () => Promise<void> } | undefined;
  let original = "";

  // eslint-disable-next-line no-empty-pattern -- Playwright hands testInfo second
  test.beforeAll(async ({}, testInfo) => {
    if (testInfo.project.name !== "js") return;
    testInfo.setTimeout(180_000);
    original = readFileSync(workerFile, "utf8");
    site = await startSite({ label: "pwa", env: { NODE_ENV: "test" } });
  });

  test.afterAll(async () => {
    if (original) writeFileSync(workerFile, original);
    await site?.stop();
  });

  // eslint-disable-next-line no-empty-pattern -- Playwright hands testInfo second
  test.beforeEach(({}, testInfo) => {
    test.skip(testInfo.project.name !== "js", "no-js visitors get no worker (the last test)");
  });

  /** Loads a page and waits until the worker controls it and keeps the offline page. */
  async function installed(page: Page, url: string) {
    await page.goto(url);
    await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
    await expect
      .poll(() => page.evaluate(async () => Boolean(await (await caches.open("offline-v1")).match("/offline"))))
      .toBe(true);
  }

  test(
    "offline, a visited page shows from the cache and an unvisited one the offline page",
    { tag: "@once" },
    async ({ page, context }) => {
      await installed(page, `${site!.origin}/`);
      await page.goto(`${site!.origin}/about`);
      const heading = (await page.locator("h1").first().textContent())?.trim();
      expect(heading).toBeTruthy();

      await context.setOffline(true);
      await page.goto(`${site!.origin}/about`);
      await expect(page.locator("h1").first()).toHaveText(heading!);
      await page.goto(`${site!.origin}/delivery`);
      await expect(page.getByRole("heading", { level: 1, name: "You are offline" })).toBeVisible();
      await context.setOffline(false);
    },
  );

  test(
    "a new build shows 'New content available' at the next check; Update applies it",
    { tag: "@once" },
    async ({ page }) => {
      await page.clock.install();
      await installed(page, `${site!.origin}/`);
      const before = await page.evaluate(async () => (await navigator.serviceWorker.ready).active?.scriptURL);
      expect(before).toContain("/sw.js");

      writeFileSync(workerFile, `${original}\n// build ${Date.now()}\n`);
      await page.clock.fastForward("10:00");
      const notice = page.getByRole("status").filter({ hasText: "New content available" });
      await expect(notice).toBeVisible();

      await page.evaluate(() => ((window as unknown as { beforeUpdate: boolean }).beforeUpdate = true));
      await notice.getByRole("button", { name: "Update" }).click();
      // Update activates the new worker and reloads the page: the old window's marker is gone.
      await page.waitForFunction(() => !(window as unknown as { beforeUpdate?: boolean }).beforeUpdate);
      await page.waitForFunction(() => navigator.serviceWorker.controller !== null);
      const waiting = await page.evaluate(async () => (await navigator.serviceWorker.getRegistration())?.waiting);
      expect(waiting).toBeFalsy();
    },
  );

  test("the notice goes by itself after 6 s", { tag: "@once" }, async ({ page }) => {
    await page.clock.install();
    await installed(page, `${site!.origin}/`);
    writeFileSync(workerFile, `${original}\n// build ${Date.now()} again\n`);
    await page.clock.fastForward("10:00");
    const notice = page.getByRole("status").filter({ hasText: "New content available" });
    await expect(notice).toBeVisible();
    await page.clock.fastForward(5_000);
    await expect(notice).toBeVisible();
    await page.clock.fastForward(1_000);
    await expect(notice).toBeHidden();
  });
});

test("without JavaScript no worker registers", async ({ page, context }, testInfo) => {
  test.skip(testInfo.project.name !== "no-js", "the js project registers one");
  await page.goto("/");
  await expect(page.locator('script[data-update="Update"]')).toHaveCount(1);
  await page.goto("/about");
  expect(context.serviceWorkers()).toHaveLength(0);
});

test(
  "the web manifest names the site and lists its icons, drawn from the logo at their sizes",
  { tag: "@once" },
  async ({ request }, testInfo) => {
    test.skip(testInfo.project.name !== "js", "a document, the same either way");
    const response = await request.get("/manifest.webmanifest");
    expect(response.headers()["content-type"]).toContain("application/manifest+json");
    const manifest = (await response.json()) as {
      name: string;
      short_name: string;
      theme_color: string;
      icons: { src: string; sizes: string; purpose: string }[];
    };
    expect(manifest.name).toBe("Dovetail Outdoor Furniture");
    expect(manifest.short_name).toBe("Dovetail");
    expect(manifest.theme_color).toBe("#7c4a1e");
    expect(manifest.icons.map((i) => i.purpose)).toEqual(["any", "any", "maskable"]);
    for (const icon of manifest.icons) {
      const png = await request.get(icon.src);
      expect(png.headers()["content-type"]).toBe("image/png");
      const body = await png.body();
      // A PNG's IHDR holds its width and height at bytes 16 and 20.
      expect(`${body.readUInt32BE(16)}x${body.readUInt32BE(20)}`).toBe(icon.sizes);
    }
  },
);
