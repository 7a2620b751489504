import type { Page, Route } from "@playwright/test";
import { expect, test } from "@playwright/test";

import {
  openWithRuntime,
  PAGES,
  RUNTIME_PAGE,
  RUNTIME_PAGE_H1,
  scrollY,
  waitForHydration,
  waitUntilReady,
} from "./support";

/** Things drawn over the page: the back-to-top arrow, the skip link and the navigation progress bar. */

const backToTop = (page: Page) => page.getByRole("link", { name: "Back to top", includeHidden: true });

test.describe("back to top", () => {
  test.use({ viewport: { width: 1280, height: 600 } });

  test("the arrow appears once the page has scrolled past 100 px and takes the visitor back up", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto(PAGES.about.path);
    if (javaScriptEnabled) await waitUntilReady(page);
    // A long page: there is somewhere to scroll to.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeGreaterThan(1200);

    await expect(backToTop(page)).toBeHidden();
    await page.mouse.move(640, 300);

    // Not yet past the threshold.
    await page.mouse.wheel(0, 60);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(30);
    expect(await scrollY(page)).toBeLessThanOrEqual(100);
    await expect(backToTop(page)).toBeHidden();

    await page.mouse.wheel(0, 500);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(300);
    await expect(backToTop(page)).toBeVisible();
    // Pinned to the viewport's bottom corner, where it can be reached.
    const box = (await backToTop(page).boundingBox())!;
    expect(box.y + box.height).toBeLessThanOrEqual(600);
    expect(box.y).toBeGreaterThan(400);

    await backToTop(page).click();
    if (javaScriptEnabled) {
      await expect.poll(() => scrollY(page), { message: "back at the very top" }).toBe(0);
    } else {
      // Without JavaScript it is a plain link to #top (the skip link at the start of the page).
      await expect(page).toHaveURL(/#top$/);
      await expect.poll(() => scrollY(page), { message: "scrolled back up" }).toBeLessThan(20);
    }
    await expect(page.getByRole("banner").getByRole("link").first()).toBeInViewport({ ratio: 1 });
    await expect(backToTop(page)).toBeHidden();
    // Still the same page.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PAGES.about.h1);
  });
});

test("the first Tab shows and focuses the skip link", async ({ page, javaScriptEnabled }) => {
  await page.goto(PAGES.about.path);
  if (javaScriptEnabled) await waitUntilReady(page);
  const skip = page.getByRole("link", { name: "Skip to content" });
  // Visually hidden until focused.
  expect((await skip.boundingBox())!.width).toBeLessThanOrEqual(1);

  await page.keyboard.press("Tab");
  await expect(skip).toBeFocused();
  await expect
    .poll(async () => (await skip.boundingBox())?.width ?? 0, { message: "the focused skip link is readable" })
    .toBeGreaterThan(40);
  await expect(skip).toHaveAttribute("href", "#main");
});

test("every navigation to another page lands at its top", async ({ page, javaScriptEnabled }) => {
  await page.setViewportSize({ width: 1280, height: 600 });
  await page.goto(PAGES.about.path);
  if (javaScriptEnabled) await waitUntilReady(page);
  const footerDelivery = page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Delivery" });
  await footerDelivery.scrollIntoViewIfNeeded();
  await expect.poll(() => scrollY(page)).toBeGreaterThan(300);

  await footerDelivery.click();
  await expect(page).toHaveURL(PAGES.delivery.path);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(PAGES.delivery.h1);
  await expect.poll(() => scrollY(page), { message: "the new page starts at its top" }).toBe(0);
  await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
});

/**
 * Holds the page's data requests (Remix single fetch: *.data) until `release()`, so a client
 * navigation stays in flight long enough to look at it.
 */
async function holdDataRequests(page: Page) {
  const waiting: Route[] = [];
  let holding = true;
  await page.route("**/*.data*", async (route) => {
    if (holding) waiting.push(route);
    else await route.continue();
  });
  return {
    held: () => waiting.length,
    release: async () => {
      holding = false;
      for (const route of waiting.splice(0)) await route.continue();
    },
  };
}

/** Records every data-state the progress bar takes, in order, from now on. */
async function recordProgressStates(page: Page) {
  await page.evaluate(() => {
    const bar = document.querySelector('[role="progressbar"]')!;
    const states: string[] = [bar.getAttribute("data-state") ?? ""];
    (window as unknown as { __progressStates: string[] }).__progressStates = states;
    new MutationObserver(() => states.push(bar.getAttribute("data-state") ?? "")).observe(bar, {
      attributeFilter: ["data-state"],
    });
  });
  return async () =>
    page.evaluate(() =>
      (window as unknown as { __progressStates: string[] }).__progressStates.filter((s, i, all) => s !== all[i - 1]),
    );
}

test.describe("navigation progress bar", () => {
  test.beforeEach(({ javaScriptEnabled }) => {
    test.skip(
      !javaScriptEnabled,
      "Without JavaScript the browser's own loading indicator shows navigation; the bar is driven by client-side routing.",
    );
  });

  // The bar belongs to the Remix runtime, which only pages that need it ship (decision 030): these
  // journeys start on the sign-in page, and reach the showcase from there. A page without the runtime
  // has no bar, and its links load a new document under the browser's own indicator (runtime.spec.ts).

  test("runs while the next page loads and completes when it arrives", { tag: "@once" }, async ({ page }) => {
    await page.goto(RUNTIME_PAGE);
    await waitForHydration(page);
    const bar = page.locator('[role="progressbar"]');
    await expect(bar).toHaveAttribute("data-state", "idle");
    const states = await recordProgressStates(page);
    const data = await holdDataRequests(page);

    await page.getByRole("navigation", { name: "Footer" }).getByRole("link", { name: "Delivery" }).click();
    await expect.poll(data.held, { message: "the navigation's data request is in flight" }).toBeGreaterThan(0);
    await expect(bar).toHaveAttribute("data-state", "running");
    await expect(bar).toHaveAttribute("aria-busy", "true");
    // Visible to the eye: a bar across the top of the page.
    await expect.poll(async () => (await bar.boundingBox())?.width ?? 0).toBeGreaterThan(100);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(RUNTIME_PAGE_H1);

    await data.release();
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PAGES.delivery.h1);
    await expect(bar).toHaveAttribute("data-state", /^(done|idle)$/);
    await expect(bar).toHaveAttribute("data-state", "idle");
    await expect(bar).toHaveAttribute("aria-hidden", "true");
    expect(await states()).toEqual(["idle", "running", "done", "idle"]);
  });

  test("does not run when only the tab changes on the same page", { tag: "@once" }, async ({ page }) => {
    await openWithRuntime(page, "/showcase");
    const bar = page.locator('[role="progressbar"]');
    // The navigation that brought the page here has finished with the bar.
    await expect(bar).toHaveAttribute("data-state", "idle");
    const states = await recordProgressStates(page);
    const data = await holdDataRequests(page);

    await page.getByRole("tab", { name: "Delivery" }).click();
    // The switch refreshes the shared (root) data: hold it, and look at the bar meanwhile.
    await expect.poll(data.held, { message: "the tab switch's data request is in flight" }).toBeGreaterThan(0);
    // An observation window: a wrongly started bar would show within a few frames.
    await page.waitForTimeout(250);
    await expect(bar).toHaveAttribute("data-state", "idle");
    await data.release();
    await expect(page).toHaveURL(/\/showcase\?tab=Delivery#tabs-[\w-]+$/);
    await expect(page.getByRole("tab", { name: "Delivery" })).toHaveAttribute("aria-selected", "true");
    await expect(page.getByText("Brisbane: $70")).toBeVisible();
    expect(await states()).toEqual(["idle"]);
  });
});
