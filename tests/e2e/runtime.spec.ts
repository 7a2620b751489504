import type { Page, Request } from "@playwright/test";
import { expect, test } from "@playwright/test";

import {
  hasRuntime,
  isSameDocument,
  markDocument,
  openWithRuntime,
  PAGES,
  RUNTIME_PAGE,
  scrollY,
  waitForHydration,
  waitUntilReady,
} from "./support";

/**
 * JavaScript only where a page needs it (decisions 030, 034 and 036). Pages whose widgets are all
 * HTML and CSS ship no Remix runtime: no modules, no hydration data, only two small inline scripts
 * (scroll animations and the back-to-top arrow); their links are ordinary document loads. Pages
 * with a slideshow, a lightbox, a slider, a video or a list of products ship no runtime either:
 * once the page has loaded, a small loader imports the enhancers those widgets name. No seeded
 * page needs the runtime since decision 036; the sign-in page's forms (issue 12) do.
 */

const WITHOUT_RUNTIME = [
  PAGES.about.path,
  PAGES.delivery.path,
  PAGES.whereToFindUs.path,
  "/catalogue/table-settings/palmwoods-square-setting",
  "/no-such-page",
];
/** Each page with enhancers, and the enhancer it must load. */
const WITH_ENHANCERS = [
  { path: PAGES.home.path, enhancer: "slideshow" },
  { path: "/showcase", enhancer: "lightbox" },
  { path: PAGES.catalogue.path, enhancer: "product-view" },
  { path: "/catalogue/table-settings", enhancer: "product-view" },
];
/** Every script request the page makes from now on. */
function recordScripts(page: Page) {
  const scripts: string[] = [];
  page.on("request", (request: Request) => {
    if (request.resourceType() === "script") scripts.push(new URL(request.url()).pathname);
  });
  return scripts;
}

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "what a page ships to a browser that runs it");

  for (const path of WITHOUT_RUNTIME) {
    test(`${path} ships no runtime: no script file, only inline scripts under 2 KB`, async ({ page }) => {
      const scripts = recordScripts(page);
      const response = await page.goto(path, { waitUntil: "networkidle" });
      const html = await response!.text();
      expect(scripts, "script files requested").toEqual([]);
      expect(html).not.toContain('rel="modulepreload"');
      expect(html).not.toContain("__remixContext");
      expect(html).not.toContain('id="i18n-messages"');
      expect(await hasRuntime(page)).toBe(false);
      const inline = [...html.matchAll(/<script(?![^>]*application\/ld\+json)[^>]*>([\s\S]*?)<\/script>/g)];
      expect(inline.length).toBeGreaterThan(0);
      for (const [, body] of inline) expect(Buffer.byteLength(body)).toBeLessThan(2048);
      // The inline scripts ran: the scroll animations marked the document.
      expect(await page.evaluate(() => document.documentElement.hasAttribute("data-aos-on"))).toBe(true);
      await expect(page.locator('[role="progressbar"]')).toHaveCount(0);
    });
  }

  for (const { path, enhancer } of WITH_ENHANCERS) {
    test(`${path} ships no runtime: its enhancers load after the load event, and run`, async ({ page }) => {
      let loaded = false;
      const early: string[] = [];
      const scripts = recordScripts(page);
      page.on("load", () => (loaded = true));
      page.on("request", (request: Request) => {
        if (request.resourceType() === "script" && !loaded) early.push(new URL(request.url()).pathname);
      });
      const response = await page.goto(path);
      const html = await response!.text();
      expect(html).not.toContain('rel="modulepreload"');
      expect(html).not.toContain("__remixContext");
      expect(html).not.toContain('id="i18n-messages"');
      const inline = [...html.matchAll(/<script(?![^>]*application\/(?:ld\+)?json)[^>]*>([\s\S]*?)<\/script>/g)];
      for (const [, body] of inline) expect(Buffer.byteLength(body)).toBeLessThan(2048);
      await waitUntilReady(page);
      expect(await hasRuntime(page)).toBe(false);
      expect(early, "no script file is fetched before the load event").toEqual([]);
      expect(scripts.length).toBeGreaterThan(0);
      for (const script of scripts) expect(script).toMatch(/^\/build\/enhance\/[\w-]+\.js$/);
      expect(scripts, `the ${enhancer} enhancer`).toContainEqual(expect.stringMatching(`/${enhancer}-[\\w]+\\.js$`));
      await expect(page.locator('[role="progressbar"]')).toHaveCount(0);
    });
  }

  test("a page that needs the browser ships the runtime after the load event, and hydrates", async ({ page }) => {
    // The catalogue's product lists were these pages until the product view became an enhancer.
    for (const path of [RUNTIME_PAGE]) {
      // The runtime's modules are fetched only once the page has loaded (decision 033): the first
      // paint and the largest image never share the network with them.
      let loaded = false;
      const early: string[] = [];
      page.on("load", () => (loaded = true));
      page.on("request", (request: Request) => {
        if (request.resourceType() === "script" && !loaded) early.push(new URL(request.url()).pathname);
      });
      const response = await page.goto(path);
      expect(await response!.text()).not.toMatch(/<link[^>]*modulepreload/);
      await waitForHydration(page);
      expect(early, "no script file is fetched before the load event").toEqual([]);
      await expect(page.locator('[role="progressbar"]')).toHaveCount(1);
    }
  });

  test("a widget's library loads only on the pages that use it", async ({ page }) => {
    const scripts = recordScripts(page);
    const loaded = (name: RegExp) => scripts.some((s) => name.test(s));
    await page.goto(PAGES.home.path, { waitUntil: "networkidle" });
    await waitUntilReady(page);
    // The slideshow (Swiper) starts on the home page; no lightbox there.
    await expect(page.locator(".hero.swiper-initialized")).toHaveCount(1);
    expect(loaded(/\/slideshow-[\w]+\.js$/)).toBe(true);
    expect(loaded(/\/lightbox-/)).toBe(false);

    scripts.length = 0;
    await page.goto("/showcase", { waitUntil: "networkidle" });
    await waitUntilReady(page);
    await expect(page.locator('section[data-layout="grid"]').first()).toHaveAttribute("data-lightbox", "ready");
    expect(loaded(/\/lightbox-[\w]+\.js$/)).toBe(true);
  });

  test("a page with enhancers reached client-side gets them too, after the runtime renders it", async ({ page }) => {
    await openWithRuntime(page, "/showcase");
    expect(await hasRuntime(page)).toBe(true);
    // The slideshow sits at the page's end: it starts once it comes near the screen.
    await page.locator(".hero").scrollIntoViewIfNeeded();
    await expect(page.locator(".hero.swiper-initialized")).toHaveCount(1);
    await expect(page.locator('section[data-layout="grid"]').first()).toHaveAttribute("data-lightbox", "ready");
  });

  test("from a page without the runtime, a link loads the next page as a new document", async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 700 });
    await page.goto(PAGES.about.path);
    await markDocument(page);
    const footerDelivery = page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Delivery" });
    await footerDelivery.scrollIntoViewIfNeeded();
    await footerDelivery.click();
    await expect(page).toHaveURL(PAGES.delivery.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PAGES.delivery.h1);
    expect(await isSameDocument(page), "a document load").toBe(false);
    await expect.poll(() => scrollY(page)).toBe(0);

    // Then on to a page with enhancers: a document load too, and its enhancers start there.
    await markDocument(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "Catalogue", exact: true }).click();
    await expect(page).toHaveURL(PAGES.catalogue.path);
    expect(await isSameDocument(page), "a document load").toBe(false);
    await waitUntilReady(page);
    expect(await hasRuntime(page)).toBe(false);
    await expect(page.locator('[data-enhance~="product-view"]')).toHaveAttribute("data-product-view", "ready");
  });

  test("once the runtime runs, it stays: a page reached from there renders client-side and works", async ({ page }) => {
    await page.goto(RUNTIME_PAGE);
    await waitForHydration(page);
    await markDocument(page);
    await page.getByRole("navigation", { name: "Main" }).getByRole("link", { name: "About", exact: true }).click();
    await expect(page).toHaveURL(PAGES.about.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PAGES.about.h1);
    expect(await isSameDocument(page), "a client-side navigation").toBe(true);
    // The page works as it does on its own: its FAQ opens, its tabs switch.
    const faq = page.getByRole("region", { name: "Frequently asked questions" });
    await faq.locator("summary").first().click();
    await expect(faq.locator("details").first()).toHaveAttribute("open");
    await page.getByRole("tab", { name: "Our timber" }).click();
    await expect(page.getByRole("tab", { name: "Our timber" })).toHaveAttribute("aria-selected", "true");
    expect(await isSameDocument(page)).toBe(true);
  });
});
