import { expect, type Page, test } from "@playwright/test";

import { DEFAULT_TIME_ZONE, localDateTime } from "../../cms/contract/site-clock";
import { demoAccounts, signInBefore } from "./accounts";
import { waitUntilSettled } from "./support";

/**
 * The page editor at /cms/pages (issue 16), signed in as the seeded admin. Each journey makes a
 * page of its own (named after the project, so the js and no-js runs never meet), edits it with
 * the editor's forms and checks the preview and the site. Both projects run the key journeys;
 * those tagged `@once` run with JavaScript only (decision 100).
 */

let n = 0;
/** A new page, opened in the editor; answers its address. */
async function newPage(page: Page, label: string, { signedIn = false } = {}) {
  const slug = `editor-${label}-${test.info().project.name}-${Date.now().toString(36)}-${n++}`;
  if (signedIn) await page.goto("/cms/pages");
  else await signInBefore(page, demoAccounts().admin, "/cms/pages");
  await expect(page).toHaveURL(/\/cms\/pages$/);
  const form = page.getByRole("form", { name: "New page" });
  await form.getByLabel("Name").fill(`Editor ${label}`);
  await form.getByLabel("Address (slug)").fill(slug);
  await form.getByRole("button", { name: "Create the page" }).click();
  await expect(page).toHaveURL(/\/cms\/pages\/\d+$/);
  return slug;
}

/** Adds a heading (to the selected block, or a new row) and saves its text as the draft. */
async function addHeading(page: Page, text: string) {
  const add = page.getByRole("form", { name: "Add widget" });
  await add.getByLabel("Widget type").selectOption("core/heading");
  const headings = page.locator('[data-outline] [data-widget-type="core/heading"]');
  const before = await headings.count();
  await add.getByRole("button", { name: "Add widget" }).click();
  await expect(headings).toHaveCount(before + 1);
  // The new widget comes selected: its form is open, its text empty.
  await expect(page.getByRole("heading", { name: "Fields of core/heading" })).toBeVisible();
  await expect(page.getByLabel("text", { exact: true })).toHaveValue("");
  await page.getByLabel("text", { exact: true }).fill(text);
  await page.getByRole("button", { name: "Save the draft" }).click();
  await expect(page.locator("[data-outline]")).toContainText(text);
}

/**
 * Saves the draft and waits for the server's answer to that save: "Draft saved." can still be
 * showing from the save before, and a publish sent sooner published the draft without this change.
 */
async function saveDraft(page: Page) {
  const answered = page.waitForResponse(
    (r) => r.request().method() === "POST" && new URL(r.url()).pathname.startsWith("/cms/pages/"),
  );
  await page.getByRole("button", { name: "Save the draft" }).click();
  await answered;
  await expect(page.getByText("Draft saved.")).toBeVisible();
  // With the runtime, the page's data is reloaded after the save; a publish sent meanwhile races
  // that reload's session cookie, and its "Published" message could be lost.
  await waitUntilSettled(page);
}

const publish = async (page: Page) => {
  await page.getByRole("button", { name: "Publish now" }).click();
  await expect(page.getByText("Published: the site shows it now.")).toBeVisible();
};

/** Whether this project runs with JavaScript ("js", "cms-js") or without ("no-js", "cms-no-js"). */
const withJs = () => !test.info().project.name.endsWith("no-js");

const preview = (page: Page) => page.frameLocator('iframe[name="preview"]');

/** A datetime-local value on the site's clock, `hours` from now. */
const siteLocal = (hours: number) => localDateTime(Date.now() + hours * 3_600_000, DEFAULT_TIME_ZONE);

test.describe("the page editor", () => {
  test("edits a heading, previews it, publishes it and the site shows it", async ({ page }) => {
    const slug = await newPage(page, "heading");
    await addHeading(page, "Made in the editor");
    await expect(preview(page).getByRole("heading", { name: "Made in the editor" })).toBeVisible();
    // The selected widget is outlined in the preview.
    await expect(preview(page).locator("[data-cms-selected]")).toContainText("Made in the editor");
    // Not on the site until published.
    const site = await page.context().newPage();
    await site.goto(`/${slug}`);
    await expect(site.getByRole("heading", { name: "Made in the editor" })).toHaveCount(0);
    await publish(page);
    await site.goto(`/${slug}`);
    await expect(site.getByRole("heading", { name: "Made in the editor" })).toBeVisible();
  });

  test("a bad setting comes back beside its field, with what was typed", async ({ page }) => {
    await newPage(page, "invalid");
    await page.locator("summary", { hasText: "Page settings" }).click();
    await page.getByLabel("Title", { exact: true }).fill("Kept title");
    await page.getByLabel("Sitemap priority (0 to 100)").fill("500");
    await page.getByRole("button", { name: "Save the settings" }).click();
    await expect(page.getByText("A priority is a number from 0 to 100.")).toBeVisible();
    await expect(page.getByLabel("Title", { exact: true })).toHaveValue("Kept title");
    await expect(page.getByLabel("Sitemap priority (0 to 100)")).toHaveValue("500");
  });

  test(
    "reorders widgets with the outline's buttons, and by dragging with JavaScript",
    { tag: "@once" },
    async ({ page }) => {
      const slug = await newPage(page, "order");
      await addHeading(page, "Alpha");
      await addHeading(page, "Beta");
      const order = page.locator('[data-outline] [data-widget-type="core/heading"]');
      await expect(order).toHaveText([/Alpha/, /Beta/]);
      await page.getByRole("button", { name: "Down: core/heading Alpha" }).click();
      await expect(order).toHaveText([/Beta/, /Alpha/]);
      let expected = ["Beta", "Alpha"];
      if (withJs()) {
        // With JavaScript, dragging an item onto a sibling posts the same kind of move.
        await order.nth(1).dragTo(order.nth(0));
        await expect(order).toHaveText([/Alpha/, /Beta/]);
        expected = ["Alpha", "Beta"];
      }
      await publish(page);
      await page.goto(`/${slug}`);
      await expect(page.locator("main h2")).toHaveText(expected);
    },
  );

  test("schedules a heading for tomorrow: seen as of tomorrow, not on the site", { tag: "@once" }, async ({ page }) => {
    const slug = await newPage(page, "schedule");
    await addHeading(page, "Today");
    await addHeading(page, "Tomorrow's news");
    await page.locator("summary", { hasText: "Display settings" }).click();
    await page.getByLabel("Hidden before").fill(siteLocal(24));
    await saveDraft(page);
    await publish(page);
    await page.getByLabel("View the site as of").fill(siteLocal(25));
    await page.getByRole("button", { name: "Show", exact: true }).click();
    await expect(preview(page).getByRole("heading", { name: "Tomorrow's news" })).toBeVisible();
    await page.goto(`/${slug}`);
    await expect(page.getByRole("heading", { name: "Today" })).toBeVisible();
    await expect(page.getByRole("heading", { name: "Tomorrow's news" })).toHaveCount(0);
  });

  test(
    "adds a page block notice shown from tomorrow: seen as of tomorrow, not on the site",
    { tag: "@once" },
    async ({ page }) => {
      const slug = await newPage(page, "notice");
      await addHeading(page, "Opening hours");
      const add = page.getByRole("form", { name: "Add widget" });
      await add.getByLabel("Widget type").selectOption("core/heading");
      // The blocks are offered by their place, not their path.
      await expect(add.getByLabel("Add to").locator("option")).toHaveText([
        "A new row",
        "A new page block",
        "Row 1, block 1",
      ]);
      await add.getByLabel("Add to").selectOption({ label: "A new page block" });
      await add.getByRole("button", { name: "Add widget" }).click();
      await expect(page.locator(`[data-outline] [data-path="p0"][data-widget-type="core/heading"]`)).toBeVisible();
      await expect(page.getByRole("heading", { name: "Fields of core/heading" })).toBeVisible();
      await page.getByLabel("text", { exact: true }).fill("Closed for Christmas");
      await page.locator("summary", { hasText: "Display settings" }).click();
      await page.getByLabel("Shown from").fill(siteLocal(24));
      await saveDraft(page);
      await publish(page);
      await page.getByLabel("View the site as of").fill(siteLocal(25));
      await page.getByRole("button", { name: "Show", exact: true }).click();
      await expect(preview(page).getByRole("heading", { name: "Closed for Christmas" })).toBeVisible();
      await page.goto(`/${slug}`);
      await expect(page.getByRole("heading", { name: "Opening hours" })).toBeVisible();
      await expect(page.getByRole("heading", { name: "Closed for Christmas" })).toHaveCount(0);
    },
  );

  test("restores the previous revision", { tag: "@once" }, async ({ page }) => {
    const slug = await newPage(page, "restore");
    await addHeading(page, "First words");
    await publish(page);
    await page.locator('[data-outline] [data-widget-type="core/heading"] a').first().click();
    await page.getByLabel("text", { exact: true }).fill("Second words");
    await page.getByRole("button", { name: "Save the draft" }).click();
    await expect(page.locator("[data-outline]")).toContainText("Second words");
    await publish(page);
    await page.getByRole("link", { name: "Revisions" }).click();
    const older = page.locator("[data-revision]").nth(1);
    await older.getByRole("link", { name: "Compare with the current page" }).click();
    await expect(page.locator('[data-change="changed"]')).toContainText("First words");
    await expect(page.locator('[data-change="changed"]')).toContainText("Second words");
    await page.locator("[data-revision]").nth(1).getByRole("button", { name: "Restore" }).click();
    await expect(page.getByText("Revision restored and published.")).toBeVisible();
    await page.goto(`/${slug}`);
    await expect(page.getByRole("heading", { name: "First words" })).toBeVisible();
  });
});

test("copies a block from one page and pastes it on another", { tag: "@once" }, async ({ page }) => {
  await newPage(page, "copy-from");
  await addHeading(page, "Words to copy");
  await page.getByRole("button", { name: "Copy: Block 1 (width 12, offset 0)" }).click();
  await expect(page.getByText("Block copied: paste it on any page.")).toBeVisible();
  await newPage(page, "paste-to", { signedIn: true });
  await page.getByRole("button", { name: "Paste the copied block" }).click();
  await expect(page.getByText("Block pasted.")).toBeVisible();
  await expect(page.locator("[data-outline]")).toContainText("Words to copy");
  await expect(preview(page).getByRole("heading", { name: "Words to copy" })).toBeVisible();
});

test("undoes and redoes changes to the draft (JavaScript)", { tag: "@once" }, async ({ page }) => {
  test.skip(!withJs(), "undo and redo need JavaScript");
  await newPage(page, "undo");
  await addHeading(page, "Before");
  await page.getByLabel("text", { exact: true }).fill("After");
  await page.getByRole("button", { name: "Save the draft" }).click();
  const outline = page.locator("[data-outline]");
  await expect(outline).toContainText("After");
  await page.getByRole("button", { name: "Undo" }).click();
  await expect(outline).toContainText("Before");
  await page.getByRole("button", { name: "Redo" }).click();
  await expect(outline).toContainText("After");
  // The keyboard: Ctrl+Z outside a field.
  await page.getByRole("heading", { name: "Outline" }).click();
  await page.keyboard.press("Control+z");
  await expect(outline).toContainText("Before");
  await page.keyboard.press("Control+Shift+z");
  await expect(outline).toContainText("After");
});

test("publishes at a time: scheduled, seen as of then, not on the site yet", { tag: "@once" }, async ({ page }) => {
  const slug = await newPage(page, "publish-at");
  await addHeading(page, "Later words");
  await page.getByLabel("Publish at").fill(siteLocal(24));
  await page.getByRole("button", { name: "Schedule", exact: true }).click();
  await expect(page.getByText("Scheduled.")).toBeVisible();
  await expect(page.getByText(/^Publishes at /)).toBeVisible();
  await page.getByLabel("View the site as of").fill(siteLocal(25));
  await page.getByRole("button", { name: "Show", exact: true }).click();
  await expect(preview(page).getByRole("heading", { name: "Later words" })).toBeVisible();
  await page.goto(`/${slug}`);
  await expect(page.getByRole("heading", { name: "Later words" })).toHaveCount(0);
});
