/**
 * With the `ecommerce` setting off (the seeds' default), nothing of the shop shows: no cart in the
 * header, no add-to-cart on a product, and every shop route answers the 404 page.
 */
import { expect, test } from "@playwright/test";

test("with the shop off, the shop's routes are 404 and nothing of it shows", async ({ page }) => {
  for (const path of ["/cart", "/invoice/1", "/invoice/print/1", "/show-invoice/1", "/print-tickets/1"]) {
    const response = await page.goto(path);
    expect(response?.status(), path).toBe(404);
    await expect(page.getByText("Page not found")).toBeVisible();
  }
  // The checkout asks for a sign-in first (spec section 6); a member then finds no shop either
  // (login.spec.ts).
  await page.goto("/checkout");
  await expect(page).toHaveURL("/login?redirectTo=%2Fcheckout");
  await page.goto("/catalogue/chairs-and-sunlounges/maleny-adirondack-chair");
  await expect(page.getByRole("heading", { level: 1, name: "Maleny Adirondack chair" })).toBeVisible();
  await expect(page.getByRole("button", { name: "Add to cart" })).toHaveCount(0);
  await expect(page.locator("[data-cart-link]")).toHaveCount(0);
  const post = await page.request.post("/cart", { form: { intent: "add", sku: "1", qty: "1" }, maxRedirects: 0 });
  expect([403, 404]).toContain(post.status());
});
