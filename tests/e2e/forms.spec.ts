import { expect, type Page, test } from "@playwright/test";

import { accountFor, signInWithPassword, waitForMail } from "./accounts";
import { waitUntilReady } from "./support";

// Runs in the js and no-js projects: without JavaScript the captcha falls back to its time and
// honeypot check, which needs 3 seconds between the page and the post. With JavaScript the form's
// enhancer solves the captcha's puzzle: it must have run before the post, or the post is the
// fallback's, sent too fast (a visitor takes longer than a test to type a message).
const settle = async (javaScript: boolean, page: Page) => {
  if (javaScript) await waitUntilReady(page);
  else await page.waitForTimeout(3_200);
};

test("the contact form sends, and the sender's receipt arrives", async ({ page }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false;
  const email = `contact-${testInfo.project.name}-${Date.now()}@example.com`;
  const since = Date.now();
  await page.goto("/contact");
  await expect(page.getByRole("heading", { level: 1, name: "Contact us" })).toBeVisible();
  await page.getByLabel("Name").first().fill("Ann Tester");
  await page.getByLabel("Email").first().fill(email);
  await page.getByLabel("Message").fill("Could you make the Yandina table 2 m long?");
  await settle(js, page);
  await page.getByRole("button", { name: /send/i }).click();
  await expect(page.getByRole("status").filter({ hasText: /thank you/i })).toBeVisible({ timeout: 15_000 });
  const receipt = await waitForMail(email, since);
  expect(receipt.text).toContain("Yandina");
});

test("an invalid answer shows its error next to the field and keeps the input", async ({ page }, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false;
  await page.goto("/contact");
  await page.getByLabel("Name").first().fill("Ann Tester");
  const email = page.getByLabel("Email").first();
  // The browser's own check would stop "ann@example" (type=email): the server's must too.
  await email.evaluate((el: HTMLInputElement) => (el.type = "text"));
  await email.fill("ann@nowhere");
  await page.getByLabel("Message").fill("Keep this text");
  await settle(js, page);
  if (js) await page.locator("html[data-enhanced]").waitFor({ state: "attached" });
  await page.evaluate(() => document.documentElement.setAttribute("data-before-post", ""));
  await page.getByRole("button", { name: /send/i }).click();
  await expect(page.getByText("Enter a valid email address.")).toBeVisible({ timeout: 15_000 });
  await expect(page.getByLabel("Message")).toHaveValue("Keep this text");
  await expect(page.getByLabel("Name").first()).toHaveValue("Ann Tester");
  // With JavaScript conform found it in the browser, without a post; without, the action did.
  await expect(page.locator("html[data-before-post]")).toHaveCount(js ? 1 : 0);
  if (js) {
    await email.fill("ann@nowhere.example");
    await expect(page.getByText("Enter a valid email address.")).toBeHidden();
    await expect(email).not.toHaveAttribute("aria-invalid", "true");
  }
});

test("the enquiry form opens prefilled from a product's link", async ({ page }) => {
  await page.goto("/contact?form=enquiry&product=Yandina%20table&product_url=%2Fcatalogue%2Ftables%2Fyandina-table");
  await expect(page.getByRole("heading", { name: "Enquire about a piece" })).toBeVisible();
  await expect(page.locator('input[name="product"]')).toHaveValue("Yandina table");
  await expect(page.locator('input[name="product_url"]')).toHaveValue("/catalogue/tables/yandina-table");
  await expect(page.locator("select[name=timber] option").first()).toHaveText("-- Select --");
});

test("a members-only form asks a signed-out visitor to sign in, then takes the claim", async ({ page }, testInfo) => {
  const since = Date.now();
  await page.goto("/contact");
  await page.getByRole("link", { name: "Bought a piece from us? Make a warranty claim" }).click();
  await expect(page.getByRole("heading", { name: "Make a warranty claim" })).toBeVisible();
  await expect(page.getByLabel("What has gone wrong")).toHaveCount(0);
  await page.getByRole("link", { name: "Sign in to fill this in" }).click();
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fcontact%3Fform%3Dwarranty/);
  const account = accountFor(testInfo.project.name);
  await signInWithPassword(page, account);
  await expect(page).toHaveURL(/\/contact\?form=warranty$/);
  const problem = `The left leg of table ${Date.now().toString(36)} wobbles.`;
  await page.getByLabel("Which piece").fill("Yandina table, 1.8 m");
  await page.getByLabel("What has gone wrong").fill(problem);
  await page.getByRole("button", { name: "Send the claim" }).click();
  await expect(page.getByRole("status").filter({ hasText: /we have your claim/i })).toBeVisible({ timeout: 15_000 });
  const notice = await waitForMail("hello@dovetail.example.com", since, (m) => m.text.includes(problem));
  expect(notice.text).toContain("Yandina table, 1.8 m");
});

test("a visitor sends the enquiry from a product's page; the business's mail names the piece", async ({
  page,
}, testInfo) => {
  const js = testInfo.project.use.javaScriptEnabled !== false;
  const since = Date.now();
  const email = `enquiry-${testInfo.project.name}-${Date.now().toString(36)}@example.com`;
  await page.goto("/catalogue/table-settings/palmwoods-square-setting");
  const piece = (await page.getByRole("heading", { level: 1 }).textContent())!.trim();
  await page.getByRole("link", { name: "Enquire about this piece" }).click();
  await expect(page.getByRole("heading", { name: "Enquire about a piece" })).toBeVisible();
  await expect(page.locator('input[name="product"]')).toHaveValue(piece);
  await page.getByLabel("Your name").fill("Pat Buyer");
  await page.getByLabel("Email").fill(email);
  await page.locator("select[name=timber]").selectOption("Spotted Gum");
  await page.getByLabel("Anything else we should know").fill("Could it be 2.4 m long, to seat ten?");
  await settle(js, page);
  await page.getByRole("button", { name: "Ask for a quote" }).click();
  await expect(page.getByRole("status").filter({ hasText: /thank you for your enquiry/i })).toBeVisible({
    timeout: 15_000,
  });
  const notice = await waitForMail("hello@dovetail.example.com", since, (m) => m.text.includes(email));
  expect(notice.text).toContain(piece);
  expect(notice.text).toContain("/catalogue/table-settings/palmwoods-square-setting");
  expect(notice.text).toContain("Spotted Gum");
});
