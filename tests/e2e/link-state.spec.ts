import { expect, test } from "@playwright/test";

/** With the CMS answering, no page says its content may be out of date (offline.spec.ts: without it). */
test("pages rendered with the CMS answering show no out-of-date notice", async ({ page }) => {
  for (const path of ["/", "/about"]) {
    const response = await page.goto(path);
    expect(response?.status()).toBe(200);
    await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
    await expect(page.getByText("Some content may be out of date")).toHaveCount(0);
  }
});
