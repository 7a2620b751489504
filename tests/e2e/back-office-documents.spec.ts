import { expect, type Page, test } from "@playwright/test";

import { demoAccounts, signInBefore } from "./accounts";

/** Back-office journeys for the documents screen (issue 16): upload a PDF, download it, delete it. */

/** A name no other run or project shares. */
const unique = (label: string) =>
  `${label}-${test.info().project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

/** A small, valid PDF whose text names it, so the download can be told apart. */
const pdf = (text: string) =>
  Buffer.from(
    `%PDF-1.4\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj\n2 0 obj<</Type/Pages/Kids[]/Count 0>>endobj\n% ${text}\ntrailer<</Root 1 0 R>>\n%%EOF\n`,
  );

async function signInAsAdmin(page: Page, to = "/cms/records/documents") {
  await signInBefore(page, demoAccounts().admin, to);
  await expect(page).toHaveURL(new RegExp(`${to.replace(/\//g, "\\/")}$`));
}

test("an admin uploads a PDF, downloads it from its link and deletes it", async ({ page }) => {
  await signInAsAdmin(page);
  await expect(page.getByRole("heading", { level: 1, name: "Documents" })).toBeVisible();
  const field = page.getByLabel(/^Upload a PDF/);

  // A file that is not a PDF is refused beside the field with the CMS's message.
  await field.setInputFiles({ name: "notes.txt", mimeType: "text/plain", buffer: Buffer.from("just words") });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.locator('[id$="document-error"]')).toHaveText("is not a supported type");
  await expect(field).toHaveAttribute("aria-invalid", "true");

  const name = `${unique("care-guide")}.pdf`;
  const bytes = pdf(name);
  await field.setInputFiles({ name, mimeType: "application/pdf", buffer: bytes });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByText("Uploaded.")).toBeVisible();
  const link = page.getByRole("link", { name, exact: true });
  await expect(link).toBeVisible();

  // Its link downloads the very bytes uploaded, as a PDF.
  const answer = await page.request.get((await link.getAttribute("href"))!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-type"]).toBe("application/pdf");
  expect(answer.headers()["content-disposition"]).toContain("attachment");
  expect(Buffer.compare(await answer.body(), bytes)).toBe(0);

  // Deleting asks first; then the document is gone from the list and its link answers 404.
  await page
    .getByRole("row", { name: new RegExp(name) })
    .getByRole("link", { name: "Delete" })
    .click();
  await expect(page.getByRole("alertdialog")).toContainText(name);
  await page.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(page.getByText("Deleted.")).toBeVisible();
  await expect(page.getByRole("link", { name, exact: true })).toHaveCount(0);
  const href = answer.url();
  expect((await page.request.get(href)).status()).toBe(404);
});

test("the vouchers and orders screens answer an admin", { tag: "@once" }, async ({ page }) => {
  await signInAsAdmin(page, "/cms/records");
  await page.getByRole("link", { name: "Sold gift vouchers" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Gift vouchers" })).toBeVisible();
  await expect(page.getByRole("heading", { level: 2, name: "Liability by month" })).toBeVisible();
  await page.goto("/cms/records");
  await page.getByRole("link", { name: "Orders and invoices" }).click();
  await expect(page.getByRole("heading", { level: 1, name: "Orders" })).toBeVisible();
});
