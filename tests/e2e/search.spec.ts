import { expect, test } from "@playwright/test";

/**
 * Site search (issue 14): results grouped by kind with highlighted snippets, a word of an FAQ's
 * answer, the header's field, and the no-result state. Without JavaScript as with it.
 */

test.describe("search", () => {
  test("/search/table lists table products with highlighted snippets", async ({ page }) => {
    const response = await page.goto("/search/table");
    expect(response?.status()).toBe(200);
    expect(response?.headers()["x-robots-tag"]).toBe("noindex");
    await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
    await expect(page.getByRole("heading", { level: 1 })).toContainText("table");
    const products = page.getByRole("region", { name: "Products" });
    await expect(products).toBeVisible();
    await expect(products.getByRole("link", { name: /table/i }).first()).toBeVisible();
    await expect(products.locator("mark").first()).toHaveText(/^tables?$/i);
    await expect(products.locator("img").first()).toBeVisible();
    const jsonLd = await page.locator('script[type="application/ld+json"]').first().textContent();
    expect(jsonLd).toContain('"SearchResultsPage"');
    expect(jsonLd).toContain("/search/{search_term_string}");
  });

  test("a word from an FAQ's answer finds that FAQ", { tag: "@once" }, async ({ page }) => {
    await page.goto("/search?q=decking");
    const questions = page.getByRole("region", { name: "Questions" });
    const link = questions.getByRole("link", { name: "How often should I oil my spotted gum furniture?" });
    await expect(link).toBeVisible();
    await expect(questions.locator("mark", { hasText: "decking" }).first()).toBeVisible();
    await link.click();
    await expect(page).toHaveURL(/\/showcase#timber-care-and-delivery-heading$/);
  });

  test("the header's field searches", async ({ page }) => {
    await page.setViewportSize({ width: 1366, height: 900 });
    await page.goto("/about");
    const field = page.getByRole("banner").getByRole("searchbox", { name: "Search the site" });
    await field.fill("bench");
    await field.press("Enter");
    await expect(page).toHaveURL(/\/search\?q=bench$/);
    await expect(page.getByRole("searchbox", { name: "Search the site" }).last()).toHaveValue("bench");
    await expect(page.getByTestId("search-result").first()).toBeVisible();
  });

  test("the header's field is in the phone menu", { tag: "@once" }, async ({ page }) => {
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/about");
    await page.getByRole("banner").getByRole("button", { name: "Menu" }).click();
    const field = page.getByRole("banner").getByRole("searchbox", { name: "Search the site" });
    await expect(field).toBeVisible();
    await field.fill("chair");
    await page.getByRole("banner").getByRole("button", { name: "Search" }).click();
    await expect(page).toHaveURL(/\/search\?q=chair$/);
    await expect(page.getByTestId("search-result").first()).toBeVisible();
  });

  test("no results, and the empty page, offer suggestions", { tag: "@once" }, async ({ page }) => {
    await page.goto("/search?q=zzqxw");
    await expect(page.getByRole("status")).toContainText("Nothing matched “zzqxw”");
    await expect(page.getByTestId("search-result")).toHaveCount(0);
    const suggestions = page.getByRole("region", { name: "Perhaps one of these" });
    await expect(suggestions.getByRole("link").first()).toBeVisible();
    await page.goto("/search");
    await expect(page.getByRole("status")).toContainText("Type a word or two");
  });
});
