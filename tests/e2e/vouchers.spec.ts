/**
 * Gift vouchers (decision 058), with and without JavaScript: buy through the test gateway (a
 * signed-in buyer's e-mail filled in, a recipient and a message), the code on the return page and
 * from the outbox, the printable voucher with the organisation, recipient and expiry, a new member redeems it into their credit, a second redemption is refused;
 * a declined payment says so; a zero amount is never sent to the gateway.
 */
import { expect, type Page, test } from "@playwright/test";

import { accountFor, mailsTo, signInBefore, waitForMail } from "./accounts";
import { newMember, signUpAndConfirm } from "./member";

const CODE = /\b([ABCDEFGHJKMNPQRSTUVWXYZ23456789]{12})\b/;

function buyerEmail(project: string) {
  return `voucher-buyer-${project}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

async function buy(page: Page, amount: string, email: string, gift?: { name: string; message: string }) {
  await page.goto("/gift-vouchers");
  await expect(page.getByRole("heading", { level: 1, name: "Gift vouchers" })).toBeVisible();
  await page.getByLabel(amount, { exact: true }).check();
  await page.getByLabel("Your e-mail address").fill(email);
  if (gift) {
    await page.getByLabel("Their name (optional)").fill(gift.name);
    await page.getByLabel("A message for them (optional)").fill(gift.message);
  }
  await page.getByRole("button", { name: "Pay", exact: true }).click();
  await expect(page).toHaveURL(/\/pay\/[\w-]+$/);
}

async function creditOf(page: Page) {
  await page.goto("/profile");
  const text = (await page.getByTestId("credit-balance").textContent()) ?? "";
  return Number(text.replace(/[^\d.]/g, ""));
}

test("a member buys a voucher, the code arrives once, a new member redeems it once", async ({ page }, testInfo) => {
  const email = buyerEmail(testInfo.project.name);
  const since = Date.now();
  const account = accountFor(testInfo.project.name);
  await signInBefore(page, account);
  // A signed-in buyer's own address is filled in for them.
  await page.goto("/gift-vouchers");
  await expect(page.getByLabel("Your e-mail address")).toHaveValue(account.email);
  await buy(page, "$100.00", email, { name: "Aunt Jo", message: "For the deck." });
  await expect(page.getByText("Test payment: no money is taken.")).toBeVisible();
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/gift-vouchers\?payum_token=/);
  await expect(page.getByText("Payment Successful")).toBeVisible();
  await expect(page.getByText("Please check your email for your receipt")).toBeVisible();
  // The return shows the code and the way to the printable voucher, not only "check your email".
  const shown = await page.locator("[data-bought-code]").textContent();
  expect(shown).toMatch(CODE);
  await expect(page.getByText(/^Valid until \d{1,2} \w+ 20\d\d$/)).toBeVisible();
  // The return visited a second time: still paid, and still one receipt.
  await page.reload();
  await expect(page.getByText("Payment Successful")).toBeVisible();

  const mail = await waitForMail(email, since);
  await page.waitForTimeout(500);
  expect(mailsTo(email, since), "one receipt for one payment").toHaveLength(1);
  const code = CODE.exec(mail.text)?.[1];
  expect(code, "the mail has the voucher's code").toBeTruthy();
  expect(mail.text).toContain(`/vouchers/${code}`);
  expect(shown, "the return page shows the mailed code").toBe(code);
  expect(mail.text).toContain("For Aunt Jo.");
  expect(mail.text).toMatch(/It can be used until \d{1,2} \w+ 20\d\d\./);

  // The printable voucher, from the return page's link: anyone with the code may see it.
  await page.getByRole("link", { name: "Open the printable voucher" }).click();
  await expect(page).toHaveURL(new RegExp(`/vouchers/${code}$`));
  await expect(page.getByRole("heading", { level: 1, name: "Gift voucher" })).toBeVisible();
  await expect(page.getByText("$100.00")).toBeVisible();
  await expect(page.locator("[data-voucher-organisation]")).toHaveText("Dovetail Outdoor Furniture");
  await expect(page.getByText("For Aunt Jo")).toBeVisible();
  await expect(page.getByText("For the deck.")).toBeVisible();
  await expect(page.locator("[data-voucher-expiry]")).toHaveText(/^Valid until \d{1,2} \w+ 20\d\d$/);

  // Another member redeems it.
  await page.context().clearCookies();
  await signUpAndConfirm(page, testInfo, "voucher");
  const before = await creditOf(page);
  await page.goto("/gift-vouchers?voucher=redeem");
  await page.getByLabel("Code", { exact: true }).fill(code!);
  await page.getByRole("button", { name: "Redeem", exact: true }).click();
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByText("$100.00 has been added to your credit.")).toBeVisible();
  expect(await creditOf(page)).toBeCloseTo(before + 100, 2);

  await page.goto("/gift-vouchers?voucher=redeem");
  await page.getByLabel("Code", { exact: true }).fill(code!);
  await page.getByRole("button", { name: "Redeem", exact: true }).click();
  await expect(page.getByRole("alert").filter({ hasText: "This voucher has already been redeemed" })).toBeVisible();
  expect(await creditOf(page)).toBeCloseTo(before + 100, 2);
});

test("a declined payment says Payment Failed", async ({ page }, testInfo) => {
  await buy(page, "$50.00", buyerEmail(testInfo.project.name));
  await page.getByRole("button", { name: "Decline" }).click();
  await expect(page).toHaveURL(/\/gift-vouchers\?payum_token=/);
  await expect(page.getByText("Payment Failed", { exact: true })).toBeVisible();
});

test("a zero amount is never paid: Pay hides with JavaScript, the server refuses it without", async ({
  page,
}, testInfo) => {
  await page.goto("/gift-vouchers");
  await page.getByLabel("Another amount").check();
  await page.getByLabel("Amount in dollars").fill("0");
  await page.getByLabel("Your e-mail address").fill(newMember(testInfo, "zero").email);
  const pay = page.getByRole("button", { name: "Pay", exact: true });
  if (testInfo.project.name === "js") {
    await expect(pay).toBeHidden();
    await page.getByLabel("Amount in dollars").fill("25");
    await expect(pay).toBeVisible();
    return;
  }
  await pay.click();
  await expect(page).toHaveURL(/\/gift-vouchers/);
  await expect(page.getByText("Choose an amount above $0.00.")).toBeVisible();
  await expect(page.getByLabel("Your e-mail address")).toHaveValue(/zero-/);
});

test("redeeming signed out offers sign-in and comes back", async ({ page }) => {
  await page.goto("/gift-vouchers");
  await page.getByRole("link", { name: "Redeem a voucher" }).click();
  await expect(page).toHaveURL(/\?voucher=redeem$/);
  const link = page.getByRole("main").getByRole("link", { name: "Sign in" });
  await expect(link).toHaveAttribute(
    "href",
    `/login?redirectTo=${encodeURIComponent("/gift-vouchers?voucher=redeem")}`,
  );
});
