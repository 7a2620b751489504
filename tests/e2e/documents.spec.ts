/**
 * Documents: the seeded care guide and warranty statement (PDFs made at seed time) download from
 * the buttons in the "Our warranty" tab of /about, with and without JavaScript: a real PDF, under its own name, as an
 * attachment the browser saves rather than opens.
 */
import { readFile } from "node:fs/promises";

import { expect, test } from "@playwright/test";

for (const [label, name, title] of [
  ["Download our care guide (PDF)", "Caring for your timber furniture.pdf", "Caring for your timber furniture"],
  ["Download the warranty statement (PDF)", "Dovetail 5 year structural warranty.pdf", "5 year structural warranty"],
] as const) {
  test(`the seeded ${title} downloads from its button on /about`, async ({ page }) => {
    await page.goto("/about");
    await page.getByRole("tab", { name: "Our warranty" }).click();
    const button = page.getByRole("link", { name: label });
    await expect(button).toHaveAttribute("href", /^\/api\/v1\/cognito\/default\/file\/\d+$/);
    const before = page.url();
    const [download] = await Promise.all([page.waitForEvent("download"), button.click()]);
    expect(download.suggestedFilename()).toBe(name);
    const bytes = await readFile((await download.path())!);
    expect(bytes.subarray(0, 5).toString("latin1")).toBe("%PDF-");
    expect(bytes.length).toBeGreaterThan(2000);
    // The visitor stays on the page: a download, not a navigation.
    await expect(page).toHaveURL(before);
  });
}

test("a document answers with its type, a sandbox, an ETag and byte ranges through the site", async ({
  request,
  page,
}) => {
  await page.goto("/about?tab=Our%20warranty");
  const href = (await page.getByRole("link", { name: "Download our care guide (PDF)" }).getAttribute("href"))!;
  const whole = await request.get(href);
  expect(whole.status()).toBe(200);
  expect(whole.headers()["content-type"]).toBe("application/pdf");
  expect(whole.headers()["content-disposition"]).toContain("attachment");
  expect(whole.headers()["content-security-policy"]).toContain("sandbox");
  const etag = whole.headers()["etag"];
  expect((await request.get(href, { headers: { "if-none-match": etag } })).status()).toBe(304);
  const part = await request.get(href, { headers: { range: "bytes=0-4" } });
  expect(part.status()).toBe(206);
  expect((await part.body()).toString("latin1")).toBe("%PDF-");
  expect((await request.get("/api/v1/cognito/default/file/99999")).status()).toBe(404);
});
