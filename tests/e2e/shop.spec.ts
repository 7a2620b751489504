/**
 * The shop (issue 15), on the journeys' shop server, where `npm run settings -- set ecommerce true`
 * switched it on; each journey runs with and without JavaScript (projects shop-js, shop-no-js).
 * A visitor adds two products with an add-on, changes and removes lines, applies a promotion code,
 * gets a Brisbane quote, signs in (the cart is kept), checks out through the test gateway and
 * sees and prints the invoice with GST; another member gets 404 for it. Event products print tickets.
 */
import { type Browser, expect, type Page, test } from "@playwright/test";

import { accountFor, demoAccounts, mailsTo, signInWithPassword, waitForMail } from "./accounts";
import { signUpAndConfirm } from "./member";
import { SITE, stripeState, waitUntilReady, waitUntilSettled } from "./support";

const CHAIR = { path: "/catalogue/chairs-and-sunlounges/maleny-adirondack-chair", name: "Maleny Adirondack chair" };
const TABLE = { path: "/catalogue/other-products/slatted-side-table", name: "Slatted side table" };
const STOOL = { path: "/catalogue/bar-settings/peregian-bar-stool", name: "Peregian bar stool" };
const WORKSHOP = {
  path: "/catalogue/other-products/weekend-stool-workshop",
  name: "Weekend workshop: make your own stool",
};
const OIL = "Timber oil care kit (+$45.00)";

async function addToCart(page: Page, product: { path: string }, qty: number, addons: string[] = []) {
  await page.goto(product.path);
  await waitUntilReady(page);
  const add = page.getByRole("button", { name: "Add to cart" });
  const form = page.locator("form").filter({ has: add });
  await form.getByLabel("Quantity").fill(String(qty));
  for (const addon of addons) await form.getByLabel(addon).check();
  await add.click();
  await expect(page.getByText("Added to your cart")).toBeVisible();
  await waitUntilSettled(page);
}

const cartCount = (page: Page) => page.locator("[data-cart-count]");

/** The cart's line of a product: its row, whatever element the cart draws it with. */
function line(page: Page, name: string) {
  return page
    .locator("[data-cart-line]")
    .filter({ has: page.getByRole("link", { name, exact: true }) })
    .first();
}

/** The total the cart or invoice shows for a label of its totals list. */
function total(page: Page, label: string) {
  return page
    .locator("dt", { hasText: new RegExp(`^\\s*${label}\\s*$`) })
    .first()
    .locator("xpath=following-sibling::dd[1]");
}

async function setQuantity(page: Page, name: string, qty: number) {
  await page.getByLabel(`Quantity for ${name}`).fill(String(qty));
  await line(page, name).getByRole("button", { name: "Update" }).click();
  await expect(page.getByLabel(`Quantity for ${name}`)).toHaveValue(String(qty));
  await waitUntilSettled(page);
}

async function pay(page: Page) {
  await expect(page).toHaveURL(/\/pay\/[\w-]+$/);
  await page.getByRole("button", { name: /^Pay/ }).click();
  await expect(page).toHaveURL(/\/invoice\/\d+\?payum_token=/);
  await expect(page.getByText("Payment Successful. Please check your email for your invoice.")).toBeVisible();
  return Number(/\/invoice\/(\d+)/.exec(page.url())![1]);
}

async function newAddress(page: Page, suburb: string, postcode: string) {
  const newOne = page.getByLabel("A new address");
  if (await newOne.count()) await newOne.check();
  await page.getByLabel("First name").fill("Robin");
  await page.getByLabel("Last name").fill("Gardener");
  await page.getByLabel("Email").fill("robin@example.com");
  await page.getByLabel("Phone").fill("0400 000 000");
  await page.getByLabel("Street address").fill("1 Queen Street");
  await page.getByLabel("Suburb").fill(suburb);
  await page.getByLabel("Postcode").fill(postcode);
  await page.getByLabel("State").fill("QLD");
}

/** The shipping options for the address typed, then one of them chosen. */
async function chooseShipping(page: Page, option: string) {
  const show = page.getByRole("button", { name: "Show shipping options" });
  if (await show.isVisible()) {
    const answered = page.waitForResponse((r) => r.request().method() === "POST");
    await show.click();
    await answered;
    await waitUntilSettled(page);
  }
  await page.getByLabel(option).check();
  // With JavaScript the summary is priced for the option at once: what is placed is what it shows.
  await waitUntilSettled(page);
}

async function otherMemberGets404(browser: Browser, baseURL: string, paths: string[], role: "admin" | "member") {
  const context = await browser.newContext({ baseURL });
  const page = await context.newPage();
  await page.goto("/login");
  await signInWithPassword(page, demoAccounts()[role]);
  await expect(page).toHaveURL(/\/profile$/);
  for (const path of paths) {
    const response = await page.goto(path);
    expect(response?.status(), `${path} for another member`).toBe(404);
    await expect(page.getByText("Page not found")).toBeVisible();
  }
  await context.close();
}

test("a visitor fills a cart, signs in, pays and prints the invoice; nobody else sees it", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const account = accountFor(testInfo.project.name);
  const since = Date.now();

  await addToCart(page, CHAIR, 2, [OIL]);
  await expect(cartCount(page)).toHaveText("2");
  await addToCart(page, TABLE, 1);
  await addToCart(page, STOOL, 1);
  await expect(cartCount(page)).toHaveText("4");

  await page.goto("/cart");
  await waitUntilReady(page);
  await expect(page.getByRole("heading", { level: 1, name: "Your cart" })).toBeVisible();
  await expect(line(page, CHAIR.name)).toContainText("Timber oil care kit");
  await setQuantity(page, TABLE.name, 2);
  await line(page, STOOL.name).getByRole("button", { name: "Remove" }).click();
  await expect(page.getByRole("link", { name: STOOL.name, exact: true })).toHaveCount(0);
  await expect(total(page, "Subtotal")).toHaveText("$1,646.00");
  await expect(cartCount(page)).toHaveText("4");

  // An expired code is refused beside the field, the code kept; a valid one takes 10% off.
  await page.getByLabel("Promotion code").fill("SUMMER25");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("This promotion code has expired")).toBeVisible();
  await expect(page.getByLabel("Promotion code")).toHaveValue("SUMMER25");
  await page.getByLabel("Promotion code").fill("SPRING10");
  await page.getByRole("button", { name: "Apply" }).click();
  await expect(page.getByText("Promotion code SPRING10 applied")).toBeVisible();
  await expect(total(page, "Discount")).toContainText("164.60");
  await waitUntilSettled(page);

  await page.getByLabel("Suburb").fill("Brisbane");
  await page.getByLabel("Postcode").fill("4000");
  await page.getByRole("button", { name: "Get a quote" }).click();
  await page.getByLabel("Brisbane delivery $70.00").check();
  const use = page.getByRole("button", { name: "Use this option" });
  if (await use.isVisible()) await use.click();
  await expect(total(page, "Shipping")).toHaveText("$70.00");
  await expect(total(page, "Total")).toHaveText("$1,551.40");
  await expect(total(page, "Includes GST")).toHaveText("$141.04");
  await waitUntilSettled(page);

  // Checking out asks to sign in, then comes back with the cart kept.
  await page.getByRole("link", { name: "Check out" }).click();
  await expect(page).toHaveURL(/\/login/);
  await signInWithPassword(page, account);
  await expect(page).toHaveURL(/\/checkout$/);
  await expect(page.getByRole("heading", { level: 1, name: "Checkout" })).toBeVisible();
  await expect(page.getByText(CHAIR.name).first()).toBeVisible();
  await expect(cartCount(page)).toHaveText("4");
  await waitUntilSettled(page);

  await newAddress(page, "Brisbane", "4000");
  await chooseShipping(page, "Brisbane delivery $70.00");
  await page.getByLabel("Note").fill("Please ring before delivery.");
  const place = page.getByRole("button", { name: "Place order and pay" });
  // With JavaScript a double click must still make one order.
  if (testInfo.project.name === "shop-js") await place.dblclick();
  else await place.click();
  const orderId = await pay(page);

  await expect(page.getByRole("heading", { level: 1, name: "Tax invoice" })).toBeVisible();
  await expect(page.locator("main").getByText(`ABN ${SITE.abn}`)).toBeVisible();
  await expect(total(page, "Total")).toHaveText("$1,551.40");
  await expect(page.getByText("GST included")).toBeVisible();
  await expect(page.getByText("$141.04").first()).toBeVisible();
  await expect(cartCount(page)).toHaveCount(0);

  const mail = await waitForMail(account.email, since, (m) => /invoice/i.test(m.subject));
  expect(mail.text).toContain("1,551.40");
  expect(mail.text).toContain(SITE.abn);

  // One order, however the button was pressed.
  await page.goto("/profile");
  await expect(page.getByRole("link", { name: /INV-/ })).toHaveCount(1);

  await page.goto(`/invoice/${orderId}`);
  await page.getByRole("link", { name: "Print" }).click();
  await expect(page).toHaveURL(new RegExp(`/invoice/print/${orderId}$`));
  await page.emulateMedia({ media: "print" });
  await expect(page.getByRole("heading", { level: 1, name: "Tax invoice" })).toBeVisible();
  await expect(page.locator("header").first()).toBeHidden();
  await expect(total(page, "Total")).toHaveText("$1,551.40");

  const other = testInfo.project.name === "shop-js" ? "member" : "admin";
  await otherMemberGets404(browser, baseURL!, [`/invoice/${orderId}`, `/invoice/print/${orderId}`], other);
  expect(mailsTo(account.email, since).filter((m) => /invoice/i.test(m.subject))).toHaveLength(1);
});

test("a cart quoted for Brisbane, delivered to Nambour: Stripe, the invoice and the mail agree; a refund", async ({
  page,
  browser,
  baseURL,
}, testInfo) => {
  test.setTimeout(120_000);
  const member = await signUpAndConfirm(page, testInfo, "nambour");
  const since = Date.now();
  await addToCart(page, STOOL, 1);
  await page.goto("/cart");
  await waitUntilSettled(page);
  await page.getByLabel("Suburb").fill("Brisbane");
  await page.getByLabel("Postcode").fill("4000");
  await page.getByRole("button", { name: "Get a quote" }).click();
  await page.getByLabel("Brisbane delivery $70.00").check();
  const use = page.getByRole("button", { name: "Use this option" });
  if (await use.isVisible()) await use.click();
  await expect(total(page, "Shipping")).toHaveText("$70.00");
  await waitUntilSettled(page);

  await page.goto("/checkout");
  await waitUntilReady(page);
  await expect(total(page, "Shipping")).toHaveText("$70.00");
  await newAddress(page, "Nambour", "4560");
  await chooseShipping(page, "Sunshine Coast delivery $40.00");
  await page.getByRole("button", { name: "Place order and pay" }).click();
  if (!testInfo.project.name.endsWith("no-js")) {
    // With JavaScript the summary followed the option as it was chosen.
    await expect(page).toHaveURL(/\/pay\//);
  } else {
    // Without JavaScript the order is not placed at a total the buyer has not seen: the new one shows.
    await expect(page.getByText("The total is now $335.00: check the order and place it again")).toBeVisible();
    await expect(total(page, "Shipping")).toHaveText("$40.00");
    await page.getByRole("button", { name: "Place order and pay" }).click();
  }
  // Stripe Checkout (the Stripe-shaped server): the session is for the summary's total.
  await expect(page).toHaveURL(/\/c\/pay\/cs_\w+$/);
  const sessionId = /\/c\/pay\/(cs_\w+)$/.exec(page.url())![1];
  await expect(page.locator("#amount")).toHaveText("AUD 335.00");
  const orderId = await pay(page);
  const session = (await stripeState()).sessions.find((s) => s.id === sessionId)!;
  expect(session).toMatchObject({ amount_total: 33_500, status: "complete" });
  await expect(total(page, "Shipping \\(Sunshine Coast delivery\\)")).toHaveText("$40.00");
  await expect(total(page, "Total")).toHaveText("$335.00");
  const mail = await waitForMail(member.email, since, (m) => /invoice/i.test(m.subject));
  expect(mail.text).toContain("Total: $335.00");

  // The owner refunds it from the back-office: the money goes back through Stripe.
  const owner = await browser.newContext({ baseURL, javaScriptEnabled: !testInfo.project.name.endsWith("no-js") });
  const admin = await owner.newPage();
  await admin.goto("/login");
  await signInWithPassword(admin, demoAccounts().admin);
  await expect(admin).toHaveURL(/\/profile$/);
  await admin.goto(`/cms/records/orders/${orderId}`);
  await admin.getByRole("link", { name: "Refund…" }).click();
  await expect(admin.getByRole("alertdialog")).toContainText("Up to $335.00 can be refunded");
  // A wrong amount is refused beside the field, nothing refunded.
  await admin.getByLabel("Amount").fill("12.345");
  await admin.getByRole("button", { name: "Refund now" }).click();
  await expect(admin.getByText("Enter an amount in dollars and cents, such as 120.50")).toBeVisible();
  await admin.getByLabel("Amount").fill("");
  await admin.getByLabel("Put the items back in stock").check();
  await admin.getByRole("button", { name: "Refund now" }).click();
  await expect(admin.getByText("The refund has been made.")).toBeVisible();
  await expect(admin.locator("dd").filter({ hasText: /^Refunded$/ })).toBeVisible();
  await owner.close();
  const refunds = (await stripeState()).refunds.filter((r) => r.payment_intent === session.payment_intent);
  expect(refunds.map((r) => r.amount)).toEqual([33_500]);

  // The member's invoice is refunded, with its adjustment note.
  await page.goto(`/invoice/${orderId}`);
  await expect(total(page, "Status")).toHaveText("Refunded");
  await expect(page.getByRole("heading", { name: "Adjustment note" })).toBeVisible();
  await expect(total(page, "Total after refunds")).toHaveText("$0.00");
});

test(
  "a workshop place prints as a ticket, for its buyer only",
  { tag: "@once" },
  async ({ page, browser, baseURL }, testInfo) => {
    test.setTimeout(120_000);
    await signUpAndConfirm(page, testInfo, "tickets");
    await addToCart(page, WORKSHOP, 2);
    await page.goto("/checkout");
    await waitUntilReady(page);
    await newAddress(page, "Eumundi", "4562");
    await chooseShipping(page, "Pick-up at the Eumundi Markets $0.00");
    await page.getByRole("button", { name: "Place order and pay" }).click();
    const orderId = await pay(page);
    await page.getByRole("link", { name: "Print tickets" }).click();
    await expect(page).toHaveURL(new RegExp(`/print-tickets/${orderId}$`));
    await expect(page.getByRole("heading", { level: 1, name: "Tickets" })).toBeVisible();
    await expect(page.locator("[data-ticket]")).toHaveCount(2);
    await expect(page.locator("[data-ticket]").first()).toContainText(WORKSHOP.name);
    const role = testInfo.project.name === "shop-js" ? "member" : "admin";
    await otherMemberGets404(browser, baseURL!, [`/print-tickets/${orderId}`], role);
  },
);

test("quantities out of range and tampered prices are refused by the server", { tag: "@once" }, async ({ page }) => {
  await addToCart(page, TABLE, 1);
  await page.goto("/cart");
  await waitUntilReady(page);
  // The browser lets these through (the shop's forms leave the checks to the server): each is
  // refused beside its field, with what was typed kept, and the cart does not change.
  const field = page.getByLabel(`Quantity for ${TABLE.name}`);
  for (const qty of ["0", "-1", "1.5", "100000"]) {
    await field.fill(qty);
    await line(page, TABLE.name).getByRole("button", { name: "Update" }).click();
    await expect(line(page, TABLE.name).getByText("Enter a whole number from 1 to 99.")).toBeVisible();
    await expect(field).toHaveValue(qty);
  }
  const form = line(page, TABLE.name)
    .locator("form")
    .filter({ has: page.getByRole("button", { name: "Update" }) });
  const csrf = await form.locator('input[name="csrf"]').inputValue();
  const id = await form.locator('input[name="id"]').inputValue();
  const words = await page.request.post("/cart", { form: { csrf, intent: "update", id, qty: "many" } });
  expect(words.status()).toBeLessThan(500);
  await page.goto("/cart");
  await expect(field).toHaveValue("1");
  // A price posted with an add is ignored: the cart charges the catalogue's.
  await page.goto(TABLE.path);
  const addForm = page.locator("form").filter({ has: page.getByRole("button", { name: "Add to cart" }) });
  const fields: Record<string, string> = {};
  for (const input of await addForm.locator("input[type=hidden][name]").all()) {
    fields[(await input.getAttribute("name"))!] = await input.inputValue();
  }
  await page.request.post("/cart", { form: { ...fields, qty: "1", price: "0.01", subtotal: "0.01" } });
  await page.goto("/cart");
  await expect(page.getByLabel(`Quantity for ${TABLE.name}`)).toHaveValue("2");
  await expect(total(page, "Subtotal")).toHaveText("$458.00");
});

test("outside the delivery zones a visitor asks for a quote, and the business gets it", async ({ page }, testInfo) => {
  const since = Date.now();
  const name = `Quote ${testInfo.project.name} ${since.toString(36)}`;
  await addToCart(page, CHAIR, 1);
  await page.goto("/cart");
  await waitUntilReady(page);
  await page.getByLabel("Suburb").fill("Darwin");
  await page.getByLabel("Postcode").fill("0800");
  await page.getByRole("button", { name: "Get a quote" }).click();
  await expect(page.getByLabel("Pick-up at the Eumundi Markets $0.00")).toBeVisible();
  await expect(page.getByLabel(/delivery \$/)).toHaveCount(0);
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Email", { exact: true }).fill("far-away@example.com");
  await page.getByLabel("Phone", { exact: true }).fill("0400 111 222");
  await page.getByLabel("Street address", { exact: true }).fill("3 Mitchell Street");
  await page.getByRole("button", { name: "Request a delivery quote" }).click();
  await expect(page.getByText("Thank you. We will email you a delivery quote soon.")).toBeVisible();
  const mail = await waitForMail(SITE.email, since, (m) => m.subject.includes(name));
  expect(mail.text).toContain("0800");
  expect(mail.text).toContain(CHAIR.name);
});
