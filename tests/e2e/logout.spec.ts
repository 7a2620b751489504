import { expect, test } from "@playwright/test";

import { demoAccounts, signInBefore } from "./accounts";

// The actions pattern end to end (decision 025): a form posts to its route's action, which checks
// the CSRF token, answers 303 and leaves a message the next page shows, with or without JavaScript.
test("a member logs out from the logout page and home says so, once", async ({ page, context }) => {
  await signInBefore(page, demoAccounts().member, "/checkout");
  await expect(page).toHaveURL("/checkout");
  const signedInCookies = await context.cookies();

  // A GET never signs anyone out: the page asks.
  const logoutPage = await page.goto("/logout");
  await expect(page.getByRole("heading", { level: 1, name: "Log out" })).toBeVisible();
  // Its form works without JavaScript: the post is an ordinary form submission (decision 030).
  expect(await logoutPage!.text()).not.toContain("__remixContext");
  await page.getByRole("button", { name: "Log out" }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("status").filter({ hasText: "You have logged out." })).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();

  // The message was for that page only, and the session is over.
  await page.reload();
  await expect(page.getByText("You have logged out.")).toHaveCount(0);
  await page.goto("/logout");
  await expect(page).toHaveURL(/\/$/);

  // The cookie from before the logout, replayed, is anonymous: its tokens were revoked upstream.
  await context.clearCookies();
  await context.addCookies(signedInCookies);
  await page.goto("/checkout");
  await expect(page).not.toHaveURL(/\/checkout$/);
  await expect(page.getByRole("banner").getByRole("link", { name: "Sign in" })).toBeVisible();
  await page.goto("/checkout");
  await expect(page).toHaveURL("/login?redirectTo=%2Fcheckout");
});

test("the header's Sign out signs out in one click, with or without JavaScript", async ({ page }) => {
  await signInBefore(page, demoAccounts().member, "/checkout");
  await expect(page).toHaveURL("/checkout");
  const banner = page.getByRole("banner");
  await banner.locator("details summary[aria-label^='Account menu']").click();
  await banner.getByRole("button", { name: "Sign out" }).click();
  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("status").filter({ hasText: "You have logged out." })).toBeVisible();
  await expect(banner.getByRole("link", { name: "Sign in" })).toBeVisible();
});
