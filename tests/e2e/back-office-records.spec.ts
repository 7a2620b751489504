import { fileURLToPath } from "node:url";

import { expect, type Page, test } from "@playwright/test";

import { demoAccounts, signInBefore } from "./accounts";
import { axeViolations } from "./axe";

/** Back-office journeys for the record screens, the settings and the access rules (issue 16). */

const photo = (name: string) =>
  fileURLToPath(new URL(`../../seeds/images/products/bar-settings/${name}`, import.meta.url));

/** A name no other run or project shares. */
const unique = (label: string) =>
  `${label}-${test.info().project.name}-${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;

async function signInAsAdmin(page: Page, to = "/cms") {
  await signInBefore(page, demoAccounts().admin, to);
  await expect(page).toHaveURL(new RegExp(`${to.replace(/\//g, "\\/")}$`));
}

/**
 * Makes a category of products through its form, a tree of its own: the seeded Catalogue's
 * categories stay as the catalogue journeys expect them. Answers its edit page's path.
 */
async function newCategory(page: Page, name: string) {
  await page.goto("/cms/records/group/new");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Address name (slug)").fill(name.toLowerCase());
  await page.getByLabel("Kind of category (top level only)").fill("Product");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/cms\/records\/group\/\d+$/);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  return new URL(page.url()).pathname;
}

test("a visitor is sent to sign in and a member is refused the back-office", { tag: "@once" }, async ({ page }) => {
  const answer = await page.goto("/cms/records/product");
  expect(new URL(page.url()).pathname).toBe("/login");
  expect(answer?.status()).toBe(200);
  await signInBefore(page, demoAccounts().member, "/profile");
  await expect(page).toHaveURL(/\/profile$/);
  const refused = await page.goto("/cms");
  expect(refused?.status()).toBe(403);
  await expect(page.getByRole("navigation", { name: "Back-office sections" })).toHaveCount(0);
});

test("a product with two photos, added to a category, shows on the category's page", async ({ page }) => {
  await signInAsAdmin(page);
  // A seeded category: the catalogue journeys expect its list of categories as seeded. The
  // product is hidden again at the end, so the category looks as it was.
  const category = "Other products";
  const slug = unique("zq-journey").toLowerCase();
  await page.goto("/cms/records/product/new");
  // A wrong price is refused beside its field, and what was typed stays.
  const name = `Zq ${slug}`;
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Address name (slug)").fill(slug);
  await page.getByLabel("Category").selectOption({ label: `\u2014 ${category}` });
  await page.getByLabel(/^Price/).fill("-3");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("Enter an amount, such as 12.50.")).toBeVisible();
  await expect(page.getByLabel("Name", { exact: true })).toHaveValue(name);
  await page.getByLabel(/^Price/).fill("1249.50");
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/cms\/records\/product\/\d+$/);

  for (const file of ["coolum-square-bar-setting-1.jpg", "coolum-square-bar-setting-2.jpg"]) {
    await page.getByLabel(/^Add a photo/).setInputFiles(photo(file));
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByText("The photo was added.")).toBeVisible();
  }
  await expect(page.getByTestId("record-photos").locator("img")).toHaveCount(2);

  // A file that is not an image is refused beside the field, with the CMS's message.
  await page.getByLabel(/^Add a photo/).setInputFiles({
    name: "drawing.svg",
    mimeType: "image/svg+xml",
    buffer: Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"/>'),
  });
  await page.getByRole("button", { name: "Upload" }).click();
  const refused = page.locator('[id$="photo-error"]');
  await expect(refused).toHaveText("is not a supported type");
  await expect(page.getByLabel(/^Add a photo/)).toHaveAttribute("aria-invalid", "true");

  await page.goto("/catalogue/other-products");
  const card = page.getByRole("link", { name: new RegExp(`^${name}`) });
  await expect(card).toBeVisible();
  // The product's own page (with JavaScript a card opens it in a dialog; its address is the same).
  await page.goto((await card.getAttribute("href"))!);
  await expect(page.getByRole("heading", { level: 1, name })).toBeVisible();
  // Its photos are served as the media area's variants (several widths to choose from).
  const images = page.locator("main img[srcset]");
  await expect(images.first()).toHaveAttribute("srcset", /\d+w/);

  // Found by a search of the list, sorted by a column, and hidden from the site by its button.
  await page.goto("/cms/records/product");
  const main = page.getByRole("main");
  await main.getByRole("searchbox", { name: "Search for" }).fill(name);
  await main.getByRole("button", { name: "Search", exact: true }).click();
  await expect(page.getByText("Records found: 1")).toBeVisible();
  await main.getByRole("link", { name: "Price" }).click();
  await expect(page).toHaveURL(/sort=price_cents&dir=asc/);
  const row = page.getByRole("row", { name: new RegExp(name) });
  await row.getByRole("button", { name: "Hide" }).click();
  await expect(page.getByText("The record is hidden from the site.")).toBeVisible();
  await expect(page.getByRole("row", { name: new RegExp(name) })).toContainText("Hidden");
  await page.goto("/catalogue/other-products");
  await expect(page.getByRole("link", { name: new RegExp(`^${name}`) })).toHaveCount(0);
});

test("a category is re-parented in the tree, then deleted after its confirmation", async ({ page }) => {
  await signInAsAdmin(page);
  const first = unique("Outer");
  const second = unique("Inner");
  await newCategory(page, first);
  await newCategory(page, second);
  await page.goto("/cms/records/group");
  const move = page.getByRole("form", { name: `Move ${second}` });
  await move.getByLabel("Parent").selectOption({ label: first });
  await move.getByLabel("Position").fill("0");
  await move.getByRole("button", { name: "Move" }).click();
  await expect(page.getByText("The category was moved.")).toBeVisible();
  // Now a child of the first: its parent select names it.
  const idOf = (name: string) =>
    page
      .getByRole("form", { name: `Move ${name}` })
      .locator("input[name=id]")
      .inputValue();
  const outerId = await idOf(first);
  const innerId = await idOf(second);
  await expect(page.getByRole("form", { name: `Move ${second}` }).getByLabel("Parent")).toHaveValue(outerId);

  // A category with a subcategory is not deleted: the CMS's reason is shown on its page.
  await page.goto(`/cms/records/group/${outerId}?delete`);
  await page.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(page.getByText("The group has subgroups")).toBeVisible();

  // Delete asks first (a page of its own without JavaScript), then the audit log tells who did it.
  await page.goto(`/cms/records/group/${innerId}`);
  await page.getByRole("link", { name: "Delete" }).click();
  await expect(page.getByText(`Delete “${second}”? This cannot be undone.`)).toBeVisible();
  await page.getByRole("button", { name: "Yes, delete it" }).click();
  await expect(page).toHaveURL(/\/cms\/records\/group$/);
  await expect(page.getByRole("link", { name: second })).toHaveCount(0);
  await page.goto("/cms/audit?model=group");
  const rows = page.getByRole("row");
  await expect(rows.filter({ hasText: "delete" }).first()).toBeVisible();
  await expect(rows.filter({ hasText: "move" }).first()).toBeVisible();
  await page.goto("/cms");
  await expect(page.getByRole("heading", { name: "Latest changes" })).toBeVisible();
});

test("a gallery's photos are put in another order", { tag: "@once" }, async ({ page }) => {
  await signInAsAdmin(page);
  const name = unique("gallery");
  await page.goto("/cms/records/gallery/new");
  await page.getByLabel("Name", { exact: true }).fill(name);
  await page.getByLabel("Web address").fill(name.toLowerCase());
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page).toHaveURL(/\/cms\/records\/gallery\/\d+$/);
  for (const file of ["coolum-square-bar-setting-1.jpg", "kenilworth-bar-table-1.jpg"]) {
    await page.getByLabel(/^Add a photo/).setInputFiles(photo(file));
    await page.getByRole("button", { name: "Upload" }).click();
    await expect(page.getByText("The photo was added.")).toBeVisible();
  }
  const photos = page.getByTestId("record-photos").locator("img");
  await expect(photos).toHaveCount(2);
  const before = await photos.evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src")));
  await page.getByTestId("record-photos").getByRole("listitem").nth(1).getByRole("button", { name: "Move up" }).click();
  await expect(page.getByText("Saved.")).toBeVisible();
  await expect
    .poll(() => photos.evaluateAll((imgs) => imgs.map((i) => i.getAttribute("src"))))
    .toEqual([before[1], before[0]]);
});

test(
  "a form is made with its questions as rows, one more row each time",
  { tag: "@once" },
  async ({ page, javaScriptEnabled }) => {
    await signInAsAdmin(page);
    const name = unique("form");
    await page.goto("/cms/records/form/new");
    await page.getByLabel("Name", { exact: true }).fill(name);
    await page.getByLabel("Web address").fill(name.toLowerCase());
    const questions = page.getByRole("group", { name: "Questions" });
    await questions.getByLabel("Label").fill("Your timber");
    await questions.getByLabel("Field name").fill("Timber!");
    await questions.getByLabel("Type").selectOption("textarea");
    await page.getByRole("button", { name: "Save" }).click();
    // A wrong field name is refused beside it, with the row kept as typed.
    await expect(questions.getByText(/Use lower-case letters/)).toBeVisible();
    await expect(questions.getByLabel("Label").first()).toHaveValue("Your timber");
    await questions.getByLabel("Field name").first().fill("timber");
    // With JavaScript, leaving the field checks it again (its message goes) before Save is pressed.
    await questions.getByLabel("Field name").first().blur();
    if (javaScriptEnabled) await expect(questions.getByText(/Use lower-case letters/)).toHaveCount(0);
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page).toHaveURL(/\/cms\/records\/form\/\d+$/);
    await expect(questions.getByLabel("Label")).toHaveCount(2);
    await expect(questions.getByLabel("Label").first()).toHaveValue("Your timber");
    await expect(questions.getByLabel("Type").first()).toHaveValue("textarea");
    await expect(questions.getByLabel("Label").nth(1)).toHaveValue("");
  },
);

test("a form's submissions download as CSV with its header row", { tag: "@once" }, async ({ page }) => {
  await signInAsAdmin(page);
  await page.goto("/cms/records/form");
  await page.getByRole("link", { name: "Contact us" }).click();
  await page.getByRole("link", { name: "Submissions" }).click();
  await expect(page).toHaveURL(/\/cms\/records\/form\/\d+\/submissions$/);
  const download = page.getByRole("link", { name: "Download as CSV" });
  const href = await download.getAttribute("href");
  const answer = await page.request.get(href!);
  expect(answer.status()).toBe(200);
  expect(answer.headers()["content-disposition"]).toMatch(/^attachment; filename="form-\d+-submissions\.csv"$/);
  const header = (await answer.text()).split(/\r?\n/)[0];
  expect(header.split(",").length).toBeGreaterThan(1);
});

test("a changed setting shows on the site at once", { tag: "@once" }, async ({ page, javaScriptEnabled }) => {
  await signInAsAdmin(page, "/cms/settings");
  // Each project changes its own verification tag, so the two runs never race for one setting.
  const [key, meta] = javaScriptEnabled
    ? ["google_site_verification", "google-site-verification"]
    : ["bing_site_verification", "msvalidate.01"];
  const value = unique("verify");
  const field = page.getByLabel(key, { exact: true });
  await field.fill(value);
  await page.getByRole("button", { name: "Save" }).click();
  await expect(page.getByText("The settings were saved.")).toBeVisible();
  try {
    await page.goto("/");
    await expect(page.locator(`meta[name="${meta}"]`)).toHaveAttribute("content", value);
  } finally {
    await page.goto("/cms/settings");
    await page.getByLabel(key, { exact: true }).fill("");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("The settings were saved.")).toBeVisible();
  }
});

test.describe("the back-office's screens", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe runs in the page");
  // axe is injected as a script, which the pages' CSP would refuse.
  test.use({ bypassCSP: true });

  test("have no accessibility violations axe can find", { tag: "@once" }, async ({ page }) => {
    await signInAsAdmin(page);
    for (const path of [
      "/cms",
      "/cms/records/product",
      "/cms/records/group",
      "/cms/records/form/new",
      "/cms/settings",
      "/cms/audit",
    ]) {
      await page.goto(path);
      expect(await axeViolations(page, ["main"]), path).toEqual([]);
    }
  });
});
