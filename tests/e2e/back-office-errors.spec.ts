import { expect, test } from "@playwright/test";

import { demoAccounts, signInBefore } from "./accounts";

/**
 * A back-office screen's error (decision 107) is drawn inside the back-office, under its
 * sections' navigation, so the admin can go on from there. With JavaScript only (decision 100).
 */

test("an unknown record, page or model is a 404 inside the back-office, with its navigation", async ({ page }) => {
  await signInBefore(page, demoAccounts().admin, "/cms");
  await expect(page).toHaveURL(/\/cms$/);
  const nav = page.getByRole("navigation", { name: "Back-office sections" });
  for (const path of ["/cms/records/product/987654321", "/cms/pages/987654321", "/cms/records/no-such-model"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Page not found");
    await expect(nav.getByRole("link", { name: "Records" })).toBeVisible();
    // The site's header and footer are still there around it.
    await expect(page.getByRole("navigation", { name: "Main" })).toBeVisible();
  }

  // From the error the navigation goes on: with JavaScript a client-side navigation, without a new document.
  await nav.getByRole("link", { name: "Records" }).click();
  await expect(page).toHaveURL(/\/cms\/records$/);
  await expect(page.getByRole("heading", { level: 1 })).not.toHaveText("Page not found");
  await expect(page.getByRole("link", { name: "Products" }).first()).toBeVisible();
});
