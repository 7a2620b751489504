import { expect, test } from "@playwright/test";
import sharp from "sharp";

import { demoAccounts, signInBefore } from "./accounts";

/**
 * The media library at /cms/media (issue 16), signed in as the seeded admin: an uploaded PNG shows
 * in the grid, newest first; a file that is no image is refused beside the field. Both projects.
 */

/** A PNG of one random colour: bytes no other run uploads, so its hash is new. */
async function freshPng() {
  const [r, g, b] = [0, 0, 0].map(() => Math.floor(Math.random() * 256)) as [number, number, number];
  return sharp({ create: { width: 96, height: 64, channels: 3, background: { r, g, b } } })
    .png()
    .toBuffer();
}

test("uploads a PNG on /cms/media and sees it in the grid", async ({ page }) => {
  await signInBefore(page, demoAccounts().admin, "/cms");
  await page.getByRole("link", { name: "Media" }).click();
  await expect(page).toHaveURL(/\/cms\/media$/);
  await expect(page.getByRole("heading", { name: "Media library" })).toBeVisible();

  const name = `upload-${test.info().project.name}-${Date.now().toString(36)}.png`;
  await page.getByLabel("An image to upload").setInputFiles({ name, mimeType: "image/png", buffer: await freshPng() });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.getByText("The image was uploaded.")).toBeVisible();
  const item = page.getByTestId("media-grid").getByRole("listitem").filter({ hasText: name });
  await expect(item).toBeVisible();
  await expect(item).toContainText("96 × 64 px");
  await expect(item.getByRole("img", { name })).toHaveJSProperty("complete", true);
  expect(await item.getByRole("img").evaluate((img: HTMLImageElement) => img.naturalWidth)).toBeGreaterThan(0);

  // An SVG is refused, its message beside the field.
  await page.getByLabel("An image to upload").setInputFiles({
    name: "drawing.svg",
    mimeType: "image/svg+xml",
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  await page.getByRole("button", { name: "Upload", exact: true }).click();
  await expect(page.locator('[id$="file-error"]')).toHaveText("is not a supported type");
  await expect(page.getByLabel("An image to upload")).toHaveAttribute("aria-invalid", "true");
});
