import type { Page } from "@playwright/test";
import { expect, test } from "@playwright/test";

import { isSameDocument, markDocument, openWithRuntime, scrollY, waitUntilReady } from "./support";

/** The about page's tabs row: tab title and a sentence of that tab's panel. */
const TABS = {
  story: { name: "Our story", text: "Dovetail started in 2009 in a backyard shed." },
  timber: { name: "Our timber", text: "We work mostly with three timbers" },
  warranty: { name: "Our warranty", text: "5 year structural warranty" },
} as const;

async function expectSelected(page: Page, selected: keyof typeof TABS) {
  const tablist = page.getByRole("tablist");
  const panel = page.getByRole("tabpanel");
  for (const [key, tab] of Object.entries(TABS)) {
    const on = key === selected;
    await expect(tablist.getByRole("tab", { name: tab.name })).toHaveAttribute("aria-selected", String(on));
    if (on) {
      await expect(panel.getByRole("heading", { level: 2, name: tab.name })).toBeVisible();
      await expect(panel.getByText(tab.text)).toBeVisible();
    } else {
      // In the document (crawlers index it) but hidden until its tab is chosen.
      await expect(page.getByRole("heading", { level: 2, name: tab.name })).toHaveCount(0);
      await expect(page.getByText(tab.text)).toHaveCount(1);
      await expect(page.getByText(tab.text)).toBeHidden();
    }
  }
  // Each tab controls its own panel, and that panel is named by its tab.
  for (const tab of await tablist.getByRole("tab").all()) {
    const panel = page.locator(`[id="${await tab.getAttribute("aria-controls")}"]`);
    await expect(panel).toHaveAttribute("role", "tabpanel");
    await expect(panel).toHaveAttribute("aria-labelledby", (await tab.getAttribute("id"))!);
  }
  await expect(panel).toHaveCount(1);
}

test.describe("about page tabs", () => {
  test("the first tab is selected by default", async ({ page }) => {
    await page.goto("/about");
    await expect(page.getByRole("tablist").getByRole("tab")).toHaveText([
      TABS.story.name,
      TABS.timber.name,
      TABS.warranty.name,
    ]);
    await expectSelected(page, "story");
  });

  test("clicking a tab shows its content, hides the first and records it in the URL", async ({
    page,
    javaScriptEnabled,
  }) => {
    await page.goto("/about");
    if (javaScriptEnabled) {
      await waitUntilReady(page);
      await markDocument(page);
    }
    await page.getByRole("tab", { name: TABS.timber.name }).click();
    await expect(page).toHaveURL(/\/about\?tab=Our(\+|%20)timber#tabs-[\w-]+$/);
    await expectSelected(page, "timber");

    await page.getByRole("tab", { name: TABS.warranty.name }).click();
    await expect(page).toHaveURL(/\/about\?tab=Our(\+|%20)warranty#tabs-[\w-]+$/);
    await expectSelected(page, "warranty");

    // The rest of the page stays put.
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("About Dovetail");
    // The about page needs no JavaScript, so it ships no runtime (decision 030): with JavaScript
    // on too, a tab is a link that loads the page with that tab chosen.
    if (javaScriptEnabled) expect(await isSameDocument(page)).toBe(false);
  });

  test(
    "on a page with the runtime, a tab switches in place, without a new document",
    { tag: "@once" },
    async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "without JavaScript a tab is always a document load (the test above)");
      // The showcase has no runtime of its own (decision 034): reach it from a page that has.
      await openWithRuntime(page, "/showcase");
      await markDocument(page);
      const tabs = page.getByRole("tablist");
      await tabs.getByRole("tab", { name: "Delivery" }).click();
      await expect(page).toHaveURL(/\/showcase\?tab=Delivery#tabs-[\w-]+$/);
      await expect(tabs.getByRole("tab", { name: "Delivery" })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByText("Brisbane: $70")).toBeVisible();
      await tabs.getByRole("tab", { name: "Timber care" }).click();
      await expect(tabs.getByRole("tab", { name: "Timber care" })).toHaveAttribute("aria-selected", "true");
      await expect(page.getByText("Brisbane: $70")).toBeHidden();
      expect(await isSameDocument(page)).toBe(true);
    },
  );

  test("on a long page, the page load a tab makes returns to the tab row, not the top", async ({ page }) => {
    // The showcase ships no runtime (decision 034): with or without JavaScript a tab loads a document.
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto("/showcase");
    const tab = page.getByRole("tab", { name: "Delivery" });
    await tab.scrollIntoViewIfNeeded();
    await tab.click();
    await expect(page).toHaveURL(/\/showcase\?tab=Delivery#tabs-[\w-]+$/);
    await expect(page.getByRole("tab", { name: "Delivery" })).toHaveAttribute("aria-selected", "true");
    // The new document scrolls to the tab row's anchor once it is laid out, just after it commits.
    await expect.poll(() => scrollY(page), { message: "not back at the top" }).toBeGreaterThan(844);
    const row = await page.getByRole("tablist").boundingBox();
    expect(row!.y, "the tab row is on screen").toBeGreaterThanOrEqual(0);
    expect(row!.y).toBeLessThan(844);
  });

  test("a link to ?tab= opens that tab directly", async ({ page }) => {
    expect((await page.goto("/about?tab=Our%20warranty"))?.status()).toBe(200);
    await expectSelected(page, "warranty");
  });

  test("an unknown ?tab= falls back to the first tab", async ({ page }) => {
    expect((await page.goto("/about?tab=Nope"))?.status()).toBe(200);
    await expectSelected(page, "story");
  });

  test(
    "the served HTML holds every tab's text, and only the chosen panel is not hidden",
    { tag: "@once" },
    async ({ request }) => {
      for (const [path, chosen] of [
        ["/about", TABS.story],
        ["/about?tab=Our%20warranty", TABS.warranty],
      ] as const) {
        const html = await (await request.get(path)).text();
        const panels = [...html.matchAll(/<div[^>]*role="tabpanel"[^>]*>/g)].map((m) => m[0]);
        expect(panels).toHaveLength(Object.keys(TABS).length);
        for (const tab of Object.values(TABS)) expect(html).toContain(tab.text);
        expect(panels.filter((tag) => !/\shidden=""/.test(tag))).toHaveLength(1);
        const shown = panels.find((tag) => !/\shidden=""/.test(tag))!;
        const labelledBy = /aria-labelledby="([^"]+)"/.exec(shown)![1];
        expect(html).toMatch(new RegExp(`<a[^>]*id="${labelledBy}"[^>]*>${chosen.name}</a>`));
      }
    },
  );
});

/** FAQ accordions: a question and a phrase of its answer, per page. */
const FAQS = {
  "/about": [
    { q: "How do I look after my furniture?", a: "a fresh coat of a good quality decking oil" },
    { q: "Where do you deliver?", a: "We deliver across the Sunshine Coast, Brisbane and the Gold Coast" },
    { q: "Can you make a piece to a custom size?", a: "Often, yes." },
  ],
  "/delivery": [
    { q: "How long will delivery take?", a: "usually delivered within one to two weeks" },
    { q: "Do I need to be home for delivery?", a: "We prefer that someone is home" },
    { q: "Can I collect my order instead?", a: "You can collect free of charge" },
  ],
} as const;

for (const [path, items] of Object.entries(FAQS)) {
  test(`FAQ on ${path} opens one answer at a time`, async ({ page, javaScriptEnabled }) => {
    await page.goto(path);
    if (javaScriptEnabled) await waitUntilReady(page);
    const faq = page.getByRole("region", { name: "Frequently asked questions" });
    await expect(faq).toBeVisible();
    const question = (q: string) => faq.locator("summary").filter({ hasText: q });
    const item = (q: string) => faq.locator("details").filter({ has: page.locator("summary", { hasText: q }) });
    const [first, second, third] = items;

    // All closed to start with.
    for (const { q, a } of items) {
      await expect(item(q)).not.toHaveAttribute("open");
      await expect(faq.getByText(a)).toBeHidden();
    }

    await question(first.q).click();
    await expect(item(first.q)).toHaveAttribute("open");
    await expect(faq.getByText(first.a)).toBeVisible();

    await question(second.q).click();
    await expect(item(second.q)).toHaveAttribute("open");
    await expect(faq.getByText(second.a)).toBeVisible();
    await expect(item(first.q)).not.toHaveAttribute("open");
    await expect(faq.getByText(first.a)).toBeHidden();
    await expect(item(third.q)).not.toHaveAttribute("open");

    // Clicking the open question again closes it.
    await question(second.q).click();
    await expect(item(second.q)).not.toHaveAttribute("open");
    await expect(faq.getByText(second.a)).toBeHidden();
  });
}
