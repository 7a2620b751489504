import { deflateSync } from "node:zlib";

import { expect, test } from "@playwright/test";

import { demoAccounts, signInBefore, signInWithPassword } from "./accounts";
import { signUpAndConfirm } from "./member";

/** A small valid PNG (solid colour), made here so the journey needs no fixture file. */
function png(size = 32): Buffer {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (buf: Buffer) => {
    let c = 0xffffffff;
    for (const b of buf) c = crcTable[(c ^ b) & 0xff] ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, "ascii"), data]);
    const out = Buffer.alloc(8 + data.length + 4);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(size, 0);
  header.writeUInt32BE(size, 4);
  header.set([8, 2, 0, 0, 0], 8); // 8-bit RGB
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(size * 3, Buffer.from([124, 74, 30]))]);
  const pixels = deflateSync(Buffer.concat(Array.from({ length: size }, () => row)));
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk("IHDR", header),
    chunk("IDAT", pixels),
    chunk("IEND", Buffer.alloc(0)),
  ]);
}

test("signed out, /profile sends the visitor to sign in and back", async ({ page }) => {
  await page.goto("/profile");
  await expect(page).toHaveURL(/\/login\?redirectTo=%2Fprofile$/);
  await signInWithPassword(page, demoAccounts().member);
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
});

test("the seeded member sees the credit balance and the address", async ({ page }) => {
  const { member } = demoAccounts();
  await signInBefore(page, member, "/profile");
  await expect(page).toHaveURL(/\/profile$/);
  await expect(page.getByTestId("credit-balance")).toHaveText("A$50.00");
  await expect(page.getByRole("region", { name: "Your addresses" }).getByText("27 Jacaranda Street")).toBeVisible();
});

test("profile edits follow the seeded flags, and a forged field is refused", async ({ page }, testInfo) => {
  await signUpAndConfirm(page, testInfo, "profile");
  const details = page.getByRole("region", { name: "Your details" });

  // seeds/domain.json: name, emergency contact, company name and addresses on; the rest off.
  await expect(details.getByRole("textbox", { name: "Company name" })).toBeEditable();
  await expect(details.getByRole("textbox", { name: "Company phone" })).toHaveCount(0);
  await expect(details.getByText("Company phone")).toBeVisible();
  await expect(details.getByRole("textbox", { name: "Partner Name" })).toHaveCount(0);
  await expect(details.getByText("Partner Name")).toBeVisible();
  await expect(details.getByRole("textbox", { name: "Email address" })).toHaveCount(0);

  await details.getByRole("textbox", { name: "First name" }).fill("Samantha");
  await details.getByRole("textbox", { name: "Company name" }).fill("Jacaranda Joinery");
  await details.getByRole("textbox", { name: "Mobile phone" }).fill("0400 123 456");
  await details.getByRole("button", { name: "Save details" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your details have been saved." })).toBeVisible();
  await page.reload();
  await expect(details.getByRole("textbox", { name: "First name" })).toHaveValue("Samantha");
  await expect(details.getByRole("textbox", { name: "Company name" })).toHaveValue("Jacaranda Joinery");
  await expect(details.getByRole("textbox", { name: "Mobile phone" })).toHaveValue("0400 123 456");

  // A post the form would never send: the company phone is not the member's to change.
  const csrf = await page.locator('#profile-details input[name="csrf"]').inputValue();
  const forged = await page.request.post("/profile", {
    form: { csrf, intent: "details", company_phone: "07 5446 9999" },
    maxRedirects: 0,
  });
  expect(forged.status()).toBe(403);
  await page.reload();
  await expect(details.getByText("07 5446 9999")).toHaveCount(0);
});

test("a member adds an address and disables it", async ({ page }, testInfo) => {
  await signUpAndConfirm(page, testInfo, "address");
  const addresses = page.getByRole("region", { name: "Your addresses" });
  await expect(addresses.getByText("You have no saved addresses yet.")).toBeVisible();
  await addresses.getByText("Add an address").click();
  await addresses.getByLabel("First name").fill("Sam");
  await addresses.getByLabel("Last name").fill("Taylor");
  await addresses.getByLabel("Street address").fill("9 Tallowwood Lane");
  await addresses.getByLabel("Suburb or city").fill("Eumundi");
  await addresses.getByLabel("State").fill("QLD");
  await addresses.getByLabel("Postcode").fill("4562");
  await addresses.getByRole("button", { name: "Save address" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The address has been added." })).toBeVisible();

  const card = addresses.getByRole("listitem").filter({ hasText: "9 Tallowwood Lane" });
  await expect(card.getByText("In use")).toBeVisible();
  await card.getByRole("button", { name: "Disable" }).click();
  await expect(page.getByRole("status").filter({ hasText: "The address has been disabled." })).toBeVisible();
  await expect(card.getByText("Disabled")).toBeVisible();
  await expect(card.getByRole("button", { name: "Enable" })).toBeVisible();
});

test("a member uploads a picture and the profile shows it", async ({ page }, testInfo) => {
  const member = await signUpAndConfirm(page, testInfo, "image");
  const picture = page.getByRole("img", { name: `Picture of ${member.firstName} ${member.lastName}` });
  await expect(picture).toHaveCount(0);
  await page.getByLabel("Choose a new picture").setInputFiles({ name: "me.png", mimeType: "image/png", buffer: png() });
  await page.getByRole("button", { name: "Upload picture" }).click();
  await expect(page.getByRole("status").filter({ hasText: "Your picture has been updated." })).toBeVisible();
  await expect(picture).toBeVisible();
  // The picture loads (the image service answers it).
  await expect.poll(() => picture.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
});
