import type { Page } from "@playwright/test";
import { expect, test } from "@playwright/test";

import { backgroundLightness, PAGES, waitUntilReady } from "./support";

/**
 * Light, dark or the device's scheme. The theme menu is a <details> of links with ?theme=, so it
 * works without JavaScript; the choice is kept in a cookie and written on <html> by the server.
 */

const themeSummary = (page: Page) =>
  page
    .getByRole("banner")
    .locator("details > summary")
    .filter({ hasText: /^(Light|Dark|System)$/ });

async function chooseTheme(page: Page, name: "Light" | "Dark" | "System") {
  await themeSummary(page).click();
  const menu = page.getByRole("list", { name: "Theme" });
  await expect(menu).toBeVisible();
  await menu.getByRole("link", { name, exact: true }).click();
  // Without the runtime the link loads a new document at #top; with it, the page changes in place.
  await expect(page).toHaveURL(new RegExp(`[?&]theme=${name.toLowerCase()}(#top)?$`));
  await expect(themeSummary(page)).toHaveText(name);
}

/** The page looks dark (or light) to a visitor: the body's background. */
async function expectLooks(page: Page, scheme: "dark" | "light") {
  if (scheme === "dark")
    await expect.poll(() => backgroundLightness(page), { message: "body background is dark" }).toBeLessThan(0.3);
  else await expect.poll(() => backgroundLightness(page), { message: "body background is light" }).toBeGreaterThan(0.9);
}

/** The class attribute of <html> in the HTML the server sent (what paints before any script). */
function servedHtmlClass(html: string) {
  const tag = html.match(/<html\b[^>]*>/)?.[0] ?? "";
  return tag.match(/\bclass="([^"]*)"/)?.[1];
}

test("with no choice the page follows the device's colour scheme", { tag: "@once" }, async ({ page }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  const response = await page.goto(PAGES.about.path);
  expect(servedHtmlClass(await response!.text())).toBeUndefined();
  await expect(page.locator("html")).not.toHaveClass(/\b(dark|light)\b/);
  await expect(themeSummary(page)).toHaveText("System");
  await expectLooks(page, "dark");

  // The device switches to light: so does the page, without a reload.
  await page.emulateMedia({ colorScheme: "light" });
  await expectLooks(page, "light");
  await expect(page.locator("html")).not.toHaveClass(/\b(dark|light)\b/);
});

test("choosing Dark overrides a light device, survives reloads and new pages, and System undoes it", async ({
  page,
  context,
  javaScriptEnabled,
}) => {
  await page.emulateMedia({ colorScheme: "light" });
  await page.goto(PAGES.about.path);
  if (javaScriptEnabled) await waitUntilReady(page);
  await expectLooks(page, "light");

  await chooseTheme(page, "Dark");
  await expect(page.locator("html")).toHaveClass(/\bdark\b/);
  await expectLooks(page, "dark");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(PAGES.about.h1);

  // A reload: the server already paints it dark (no flash of the light page).
  const reloaded = await page.reload();
  expect(servedHtmlClass(await reloaded!.text())).toBe("dark");
  await expectLooks(page, "dark");
  await expect(themeSummary(page)).toHaveText("Dark");

  // Another page in a new tab, same browser: still dark from the first byte.
  const other = await context.newPage();
  await other.emulateMedia({ colorScheme: "light" });
  const otherResponse = await other.goto(PAGES.delivery.path);
  expect(servedHtmlClass(await otherResponse!.text())).toBe("dark");
  await expect(other.locator("html")).toHaveClass(/\bdark\b/);
  await expectLooks(other, "dark");
  await other.close();

  // System: back to following the (light) device, and that sticks too.
  await chooseTheme(page, "System");
  await expect(page.locator("html")).not.toHaveClass(/\b(dark|light)\b/);
  await expectLooks(page, "light");
  const afterSystem = await page.goto(PAGES.delivery.path);
  expect(servedHtmlClass(await afterSystem!.text())).toBeUndefined();
  await expect(themeSummary(page)).toHaveText("System");
  await page.emulateMedia({ colorScheme: "dark" });
  await expectLooks(page, "dark");
});

test("choosing Light overrides a dark device", { tag: "@once" }, async ({ page, javaScriptEnabled }) => {
  await page.emulateMedia({ colorScheme: "dark" });
  await page.goto(PAGES.delivery.path);
  if (javaScriptEnabled) await waitUntilReady(page);
  await expectLooks(page, "dark");
  await chooseTheme(page, "Light");
  await expect(page.locator("html")).toHaveClass(/\blight\b/);
  await expectLooks(page, "light");
  const reloaded = await page.reload();
  expect(servedHtmlClass(await reloaded!.text())).toBe("light");
  await expectLooks(page, "light");
});
