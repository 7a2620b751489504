/**
 * The paid workshop booking (form 3 on /workshops): a signature (react-signature-canvas) and
 * A$95 a person on Saturdays from next week, paid through Stripe Checkout (the shop's journey
 * server takes payments with the Stripe-shaped server): three people pay $285 and get three
 * tickets. With JavaScript: conform stops an unsigned form, the pad exports png, jpeg and svg and
 * refuses other types, Pay leads back to 'Payment Successful…' and the business's mail carries
 * the signature; Cancel on Stripe's page leads to 'Payment Failed'.
 * Without JavaScript: the page says signing needs it, and the server refuses the unsigned form
 * with the input kept.
 */
import { expect, type Page, test } from "@playwright/test";

import type * as SignatureModule from "../../app/enhancers/signature";
import { waitForMail } from "./accounts";

const BUSINESS = "hello@dovetail.example.com";
const TYPE_ERROR = "The Image type is incorrect! We are support image/png, image/jpeg, image/svg+xml types.";

function bookerEmail(project: string) {
  return `workshop-${project}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}@example.com`;
}

/** A Saturday the workshop runs: two weeks on or later (the form offers Saturdays from next week). */
function workshopDay(): { typed: string; iso: string } {
  const day = new Date(Date.now() + 14 * 86_400_000);
  while (day.getUTCDay() !== 6 || ["12-26", "01-02"].includes(day.toISOString().slice(5, 10))) {
    day.setUTCDate(day.getUTCDate() + 1);
  }
  const iso = day.toISOString().slice(0, 10);
  return { iso, typed: `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` };
}

async function fillBooking(page: Page, email: string, people = "2", date = workshopDay().typed) {
  await page.goto("/workshops");
  await expect(page.getByRole("heading", { level: 1, name: "Saturday workshops" })).toBeVisible();
  await expect(page.getByText("Cost: $95.00 a person")).toBeVisible();
  await page.getByLabel("Your name").fill("Wendy Woodley");
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Phone").fill("0400 111 222");
  await page.getByLabel("Workshop date").fill(date);
  await page.getByLabel("Number of attendees").fill(people);
  await page.getByLabel("I accept the waiver").check();
}

/** Draws two strokes on the pad with the mouse. */
async function sign(page: Page) {
  const pad = page.locator("[data-signature-field] canvas");
  await expect(pad).toBeVisible();
  const box = (await pad.boundingBox())!;
  for (const [from, to] of [
    [0.2, 0.7],
    [0.3, 0.8],
  ] as const) {
    await page.mouse.move(box.x + box.width * from, box.y + box.height * 0.6);
    await page.mouse.down();
    for (let i = 1; i <= 8; i++) {
      await page.mouse.move(
        box.x + box.width * (from + ((to - from) * i) / 8),
        box.y + box.height * (0.6 - 0.3 * Math.sin(i)),
      );
      await page.waitForTimeout(20);
    }
    await page.mouse.up();
  }
}

test.describe("with JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled === false, "the pad needs JavaScript");

  test(
    "an unsigned booking is stopped beside the pad; signed, it is paid and mailed",
    { tag: "@once" },
    async ({ page }, testInfo) => {
      const email = bookerEmail(testInfo.project.name);
      const since = Date.now();
      await fillBooking(page, email, "3");
      await page.locator("html[data-enhanced]").waitFor({ state: "attached" });
      await expect(page.getByText("Signing needs JavaScript")).toBeHidden();

      await page.getByRole("button", { name: "Book and pay" }).click();
      const field = page.locator('[data-field="signature"]');
      await expect(field.getByText("This field is required.")).toBeVisible();
      await expect(page).toHaveURL(/\/workshops$/);
      await expect(page.getByLabel("Your name")).toHaveValue("Wendy Woodley");

      await sign(page);
      await expect(field.getByText("This field is required.")).toBeHidden();
      const exports = await page.evaluate(async () => {
        const list = JSON.parse(document.querySelector("script[data-enhancers]")!.textContent!) as {
          name: string;
          js: string;
        }[];
        const url = list.find((e) => e.name === "signature")!.js;
        const m = (await import(/* @vite-ignore */ url)) as typeof SignatureModule;
        const pad = m.padOf(document.querySelector("[data-signature-field]")!)!;
        let refused = "";
        try {
          m.exportSignature(pad, "image/gif");
        } catch (error) {
          refused = (error as Error).message;
        }
        return {
          empty: pad.isEmpty(),
          png: m.exportSignature(pad, "image/png").slice(0, 22),
          jpeg: m.exportSignature(pad, "image/jpeg").slice(0, 23),
          svg: atob(m.exportSignature(pad, "image/svg+xml").split(",")[1]!).slice(0, 4),
          refused,
          posted: (document.querySelector("input[data-signature-value]") as HTMLInputElement).value.slice(0, 22),
        };
      });
      expect(exports).toEqual({
        empty: false,
        png: "data:image/png;base64,",
        jpeg: "data:image/jpeg;base64,",
        svg: "<svg",
        refused: TYPE_ERROR,
        posted: "data:image/png;base64,",
      });

      await page.getByRole("button", { name: "Book and pay" }).click();
      await expect(page).toHaveURL(/\/pay\/[\w-]+$/);
      // Three people at A$95 each: $285, at Stripe and in the receipt.
      await expect(page).toHaveURL(/\/c\/pay\/cs_\w+$/);
      await expect(page.locator("#amount")).toHaveText("AUD 285.00");
      await page.getByRole("button", { name: /^Pay/ }).click();
      await expect(page).toHaveURL(/\/workshops\?payum_token=/);
      await expect(page.getByText("Payment Successful. Please check your email for your invoice.")).toBeVisible();
      await expect(page.getByRole("button", { name: "Book and pay" })).toBeHidden();

      const notice = await waitForMail(BUSINESS, since, (m) => m.text.includes(email));
      expect(notice.text).toContain("Wendy Woodley");
      expect(notice.attachments).toEqual(["signature.png"]);
      const receipt = await waitForMail(email, since);
      expect(receipt.subject).toContain("Your receipt");
      expect(receipt.text).toContain("$285.00");
      expect(receipt.text).toMatch(/Places booked: 3, on \d{1,2} \w+ 20\d\d\./);

      // The tickets, one per person, from the return page's link (the mail has the same address).
      await page.getByRole("link", { name: "Print your tickets" }).click();
      await expect(page).toHaveURL(/\/tickets\/[A-Z2-9]{12}$/);
      expect(receipt.text).toContain(new URL(page.url()).pathname);
      await expect(page.locator("[data-ticket]")).toHaveCount(3);
      await expect(page.locator("[data-ticket]").first()).toContainText("Wendy Woodley (1/3)");
    },
  );

  test(
    "a payment cancelled at Stripe says Payment Failed and keeps the form",
    { tag: "@once" },
    async ({ page }, testInfo) => {
      await fillBooking(page, bookerEmail(testInfo.project.name));
      await page.locator("html[data-enhanced]").waitFor({ state: "attached" });
      await sign(page);
      await page.getByRole("button", { name: "Book and pay" }).click();
      await expect(page).toHaveURL(/\/pay\/[\w-]+$/);
      await page.getByRole("button", { name: "Cancel" }).click();
      await expect(page).toHaveURL(/\/workshops\?payum_token=/);
      await expect(page.getByText("Payment Failed", { exact: true })).toBeVisible();
      await expect(page.getByRole("button", { name: "Book and pay" })).toBeVisible();
    },
  );
});

test.describe("without JavaScript", () => {
  test.skip(({ javaScriptEnabled }) => javaScriptEnabled !== false, "the no-JavaScript fallback");

  test("the page says signing needs JavaScript, and an unsigned booking is refused with the input kept", async ({
    page,
  }, testInfo) => {
    // A day that has passed: refused beside its field too. (Part of a person, "2.5", the browser
    // itself refuses in the whole-number field; the server's refusal is in the contract's cases.)
    await fillBooking(page, bookerEmail(testInfo.project.name), "2", "07/11/2026");
    await expect(page.getByText(/^Available: Saturday, \d{1,2} \w+ 20\d\d to \d{1,2} \w+ 20\d\d\.$/)).toBeVisible();
    // Above the form, before the visitor fills it in, and again at the field.
    await expect(page.getByText("Signing needs JavaScript").first()).toBeVisible();
    await page.getByRole("button", { name: "Book and pay" }).click();
    await expect(page).toHaveURL(/\/workshops$/);
    await expect(page.locator('[data-field="signature"]').getByText("This field is required.")).toBeVisible();
    await expect(page.locator('[data-field="date"]').getByText("Choose a day that has not passed.")).toBeVisible();
    await expect(page.getByLabel("Your name")).toHaveValue("Wendy Woodley");
    await expect(page.getByLabel("Number of attendees")).toHaveValue("2");
  });
});
