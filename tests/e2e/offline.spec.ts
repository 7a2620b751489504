import type { Page } from "@playwright/test";
import { expect, test } from "@playwright/test";

import { HEADER_LINKS, PAGES, SITE } from "./support";

/**
 * Project "offline": a server whose upstream CMS refuses connections. Seeded pages still serve
 * from the copy bundled into the build; anything else gets the friendly 503 page.
 */

/** Stack-trace and error-class text that must never reach a visitor. */
async function expectNoErrorDetails(page: Page, html: string) {
  const text = await page.locator("body").innerText();
  expect(text).not.toMatch(/^\s*at \S/m);
  expect(text).not.toContain("Error:");
  expect(html).not.toMatch(/\bat \S+ \((?:file|node):/);
  expect(html).not.toMatch(/\b(?:Zod|Type|Reference|Syntax)Error\b/);
  expect(html).not.toContain("Error:");
  expect(html).not.toContain("ECONNREFUSED");
  expect(html).not.toContain("127.0.0.1:9");
}

test("about still serves from the bundled seeds", async ({ page }) => {
  const response = await page.goto("/about");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(PAGES.about.h1);
  await expect(page.getByRole("tab", { name: "Our story" })).toHaveAttribute("aria-selected", "true");
  await expect(page).toHaveTitle(`${PAGES.about.seoTitle}${SITE.titleSuffix}`);
  await expect(page.getByRole("navigation", { name: "Main" }).getByRole("link")).toHaveText(HEADER_LINKS);
  await expect(page.getByRole("contentinfo")).toContainText(`ABN ${SITE.abn}`);
});

test("delivery still serves from the bundled seeds, with only its live page block", async ({ page }) => {
  const response = await page.goto("/delivery");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(PAGES.delivery.h1);
  for (const text of ["$40", "$70", "$90", "fully assembled"]) await expect(page.getByRole("main")).toContainText(text);
  await expect(page.getByText("Spring is our busiest season")).toBeVisible();
  const html = (await response!.text()).toLowerCase();
  expect(html).not.toContain("holiday closure");
  expect(html).not.toContain("summer sale");
});

test("an unknown path answers 503 with the friendly page and no error details", async ({ page }) => {
  const response = await page.goto("/no-such-page");
  expect(response?.status()).toBe(503);
  expect(response?.headers()["retry-after"]).toBe("30");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("We'll be right back");
  await expect(page.getByText("This page can't be loaded just now.")).toBeVisible();
  await expect(page.getByRole("main").getByRole("link", { name: "Take me home" })).toHaveAttribute("href", "/");
  await expectNoErrorDetails(page, await response!.text());
});

test("a seeded page that errors offline still shows no error details", async ({ page }) => {
  // /delivery currently fails offline (see above); whatever its status, no stack trace shows.
  const response = await page.goto("/delivery");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  await expectNoErrorDetails(page, await response!.text());
});

test("a page served from the seeded copy says, politely, that some content may be out of date", async ({ page }) => {
  const response = await page.goto("/about");
  expect(response?.status()).toBe(200);
  await expect(page.getByRole("status").filter({ hasText: "Some content may be out of date" })).toBeVisible();
  // Rendered during the outage: no cache may keep it for later visitors.
  expect(response?.headers()["cache-control"]).toContain("no-store");
  await page.goto("/about?lng=de");
  await expect(
    page.getByRole("status").filter({ hasText: "Einige Inhalte sind möglicherweise nicht aktuell" }),
  ).toBeVisible();
});

test("search says it is unavailable for a moment (503, Retry-After), and still offers the seeded pages", async ({
  page,
}) => {
  const response = await page.goto("/search?q=chair");
  expect(response?.status()).toBe(503);
  expect(response?.headers()["retry-after"]).toBe("30");
  await expect(page.getByRole("status").filter({ hasText: "Search is unavailable for a moment" })).toBeVisible();
  await expect(page.getByRole("searchbox").first()).toBeVisible();
  await expect(page.getByRole("link", { name: PAGES.about.seoTitle })).toHaveAttribute("href", "/about");
  await expectNoErrorDetails(page, await response!.text());
});

test("a category and a product serve from the seeded catalogue, with the notice", async ({ page }) => {
  const category = await page.goto("/catalogue/table-settings");
  expect(category?.status()).toBe(200);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Table settings");
  await expect(page.getByRole("status").filter({ hasText: "Some content may be out of date" })).toBeVisible();
  await page
    .getByRole("link", { name: /Eumundi six-seater setting/ })
    .first()
    .click();
  await expect(page).toHaveURL(/\/catalogue\/table-settings\/eumundi-six-seater-setting$/);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Eumundi six-seater setting");
  await expect(page.getByRole("main")).toContainText("$3,290");
  const product = await page.goto("/catalogue/table-settings/eumundi-six-seater-setting");
  expect(product?.status()).toBe(200);
  expect(product?.headers()["cache-control"]).toContain("no-store");
  await expectNoErrorDetails(page, await product!.text());
  // A product the seeds do not have is still the 503 page, not a 404: the CMS may have it.
  expect((await page.goto("/catalogue/table-settings/made-last-week"))?.status()).toBe(503);
});
