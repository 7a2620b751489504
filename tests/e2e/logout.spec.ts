import { expect, test } from "@playwright/test";

import { seal } from "../../app/lib/session.server";
import { E2E_SESSION_SECRET } from "./support";

// The actions pattern end to end (decision 025): a form posts to its route's action, which checks
// the CSRF token, answers 303 and leaves a message the next page shows, with or without JavaScript.
test("a member logs out from the logout page and home says so, once", async ({ page, context, baseURL }) => {
  // Accounts come later: a session is sealed here the way the login will seal it.
  const member = { id: 7, name: "Alice", email: "alice@example.com", roles: ["member"] };
  const value = btoa(JSON.stringify(seal({ accessToken: "e2e-token", member }, E2E_SESSION_SECRET)));
  await context.addCookies([{ name: "__session", value, url: baseURL! }]);

  const logoutPage = await page.goto("/logout");
  // Its form works without JavaScript, so the page ships no runtime (decision 030): the post is
  // an ordinary form submission, with or without JavaScript.
  expect(await logoutPage!.text()).not.toContain("__remixContext");
  await expect(page.getByRole("heading", { level: 1, name: "Log out" })).toBeVisible();
  await page.getByRole("button", { name: "Log out" }).click();

  await expect(page).toHaveURL(/\/$/);
  await expect(page.getByRole("status").filter({ hasText: "You have logged out." })).toBeVisible();

  // The message was for that page only, and the session is over.
  await page.reload();
  await expect(page.getByText("You have logged out.")).toHaveCount(0);
  await page.goto("/logout");
  await expect(page).toHaveURL(/\/$/);
});
