import type { Page } from "@playwright/test";
import { expect, test } from "@playwright/test";

import { LANGUAGE_CODES } from "../../cms/contract/languages";
import {
  decodeEntities,
  hasRuntime,
  LANGUAGE_NAMES,
  messages,
  PAGES,
  RUNTIME_PAGE,
  waitForHydration,
  waitUntilReady,
} from "./support";

/** The interface languages a visitor can pick (the contract's), in order. */
const CODES = [...LANGUAGE_CODES].sort();

/** Paths under /locales/ the browser asks for while the page is open. */
function recordMessageRequests(page: Page) {
  const paths: string[] = [];
  page.on("request", (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith("/locales/")) paths.push(pathname);
  });
  return paths;
}

/** The header's language menu button (the <details> summary), named "Language: …". */
const languageSummary = (page: Page) => page.getByRole("banner").locator("details > summary").first();

/** The page chrome reads in `code`: html lang and dir, skip link, footer label, language menu. */
async function expectChromeIn(page: Page, code: string, want: typeof expect = expect) {
  const m = messages(code);
  await want(page.locator("html")).toHaveAttribute("lang", code);
  await want(page.locator("html")).toHaveAttribute("dir", code === "ar" ? "rtl" : "ltr");
  await want(page.getByRole("link", { name: m["nav.skip"], exact: true })).toHaveAttribute("href", "#main");
  await want(page.getByRole("contentinfo").locator("address")).toContainText(`${m["footer.phone"]}: `);
  const name = LANGUAGE_NAMES[code];
  await want(languageSummary(page)).toHaveText(name);
  await want(languageSummary(page)).toHaveAttribute("aria-label", m["language.current"].replace("{{language}}", name));
}

/**
 * One page load per language, all in one test (a browser context per language would triple the
 * run time): soft assertions so one broken language does not hide the others.
 */
test(
  "each of the 18 languages renders the chrome and the 404 page in that language",
  { tag: "@once" },
  async ({ page, javaScriptEnabled }) => {
    test.slow();
    const fetched = recordMessageRequests(page);
    for (const code of CODES) {
      await test.step(`${code}: ${LANGUAGE_NAMES[code]}`, async () => {
        fetched.length = 0;
        expect((await page.goto(`/catalogue?lng=${code}`))?.status()).toBe(200);
        // With JavaScript, check once the page's enhancers have run: they keep the server's language.
        if (javaScriptEnabled) await waitUntilReady(page);
        await expectChromeIn(page, code, expect.soft);

        // The choice is remembered: the 404 page, asked for with the same cookies, is in that language too.
        const m = messages(code);
        const notFound = await page.request.get("/no-such-page");
        expect.soft(notFound.status()).toBe(404);
        const html = decodeEntities(await notFound.text());
        expect.soft(html, `${code} 404 <html lang>`).toMatch(new RegExp(`<html lang="${code}"`));
        expect.soft(html, `${code} 404 title`).toContain(`<title>${m["notFound.title"]} | `);
        expect.soft(html, `${code} 404 heading`).toContain(`>${m["notFound.title"]}</h1>`);
        expect.soft(html, `${code} 404 text`).toContain(m["notFound.text"]);

        // The page is whole in its language: no messages travel to the browser, none are fetched.
        await expect.soft(page.locator("#i18n-messages"), `${code}: no messages to hydrate with`).toHaveCount(0);
        expect.soft(fetched, `messages fetched while showing ${code}`).toEqual([]);
      });
    }
  },
);

test(
  "with the runtime, a page carries its one language's messages and hydrates in that language",
  { tag: "@once" },
  async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JavaScript nothing hydrates");
    const fetched = recordMessageRequests(page);
    for (const code of ["de", "ar"]) {
      await page.goto(`${RUNTIME_PAGE}?lng=${code}`);
      await waitForHydration(page);
      await expectChromeIn(page, code);
      // Only this language's messages travel to the browser: inline in the page, so no request at all.
      const m = messages(code);
      const inline = JSON.parse((await page.locator("#i18n-messages").textContent()) ?? "{}");
      expect(inline.nav?.skip, `${code}: the page carries its own messages`).toBe(m["nav.skip"]);
      expect(inline.notFound?.title, `${code}: and no other language's`).toBe(m["notFound.title"]);
    }
    expect(fetched).toEqual([]);
  },
);

test(
  "Arabic is laid out right to left: the site name sits to the right of the navigation",
  { tag: "@once" },
  async ({ page }) => {
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.goto("/?lng=ar");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    const header = page.getByRole("banner");
    const brand = await header.getByRole("link").first().boundingBox();
    const nav = page.getByRole("navigation", { name: messages("ar")["nav.main"] });
    const navLinks = await nav.getByRole("link").all();
    expect(navLinks.length).toBeGreaterThan(1);
    const boxes = await Promise.all(navLinks.map((l) => l.boundingBox()));
    for (const box of boxes)
      expect(brand!.x, "brand starts right of every nav link's end").toBeGreaterThanOrEqual(box!.x + box!.width);
    // And the nav links themselves run right to left: the first ("Home") is the rightmost.
    const xs = boxes.map((b) => b!.x);
    expect(xs).toEqual([...xs].sort((a, b) => b - a));
  },
);

test(
  "in Arabic, English content keeps its own direction but lines up on the right, with the page",
  { tag: "@once" },
  async ({ page }) => {
    // Issue 11: English blocks stayed left-aligned beside right-aligned prices and breadcrumbs.
    await page.goto(`${PAGES.about.path}?lng=ar`);
    const heading = page.getByRole("heading", { name: "Our story" });
    await expect(heading).toHaveCSS("direction", "ltr");
    await expect(heading).toHaveCSS("text-align", "right");
    // In English the same heading lines up on the left; and centred text stays centred.
    await page.goto(`${PAGES.about.path}?lng=en`);
    await expect(page.getByRole("heading", { name: "Our story" })).toHaveCSS("text-align", "left");
    await page.goto("/?lng=ar");
    await expect(page.getByRole("heading", { name: /^Made for long summer/ })).toHaveCSS("text-align", "center");
  },
);

test("the chosen language is remembered on the next page", async ({ page }) => {
  await page.goto("/?lng=de");
  await expect(page.locator("html")).toHaveAttribute("lang", "de");
  await page.goto(PAGES.about.path);
  await expectChromeIn(page, "de");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(PAGES.about.h1);
});

test("picking Deutsch in the language menu switches the page to German", async ({ page, javaScriptEnabled }) => {
  await page.goto(PAGES.about.path);
  if (javaScriptEnabled) await waitUntilReady(page);
  await expectChromeIn(page, "en");
  await languageSummary(page).click();
  const menu = page.getByRole("list", { name: "Language" });
  await expect(menu).toBeVisible();
  await expect(menu.getByRole("link", { name: "English" })).toHaveAttribute("aria-current", "true");
  await menu.getByRole("link", { name: "Deutsch" }).click();

  // The link ends in #top: the new document opens where the visitor was, at the top.
  await expect(page).toHaveURL(/\/about\?lng=de#top$/);
  await expectChromeIn(page, "de");
  // The same page, now with German chrome; the menu has closed and marks the new language.
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(PAGES.about.h1);
  const germanMenu = page.getByRole("list", { name: messages("de")["language.label"], includeHidden: true });
  await expect(germanMenu).toBeHidden();
  await expect(germanMenu.getByRole("link", { name: "Deutsch", includeHidden: true })).toHaveAttribute(
    "aria-current",
    "true",
  );
  // And it sticks for the next page.
  await page
    .getByRole("navigation", { name: messages("de")["nav.main"] })
    .getByRole("link", { name: "Delivery" })
    .click();
  await expect(page).toHaveURL(PAGES.delivery.path);
  await expectChromeIn(page, "de");
});

test(
  "a first visit from a French browser is in French",
  { tag: "@once" },
  async ({ browser, baseURL, javaScriptEnabled }) => {
    const context = await browser.newContext({
      baseURL,
      javaScriptEnabled,
      locale: "fr-FR",
      extraHTTPHeaders: { "Accept-Language": "fr-FR,fr;q=0.9" },
    });
    try {
      const page = await context.newPage();
      await page.goto(PAGES.about.path);
      if (javaScriptEnabled) await waitUntilReady(page);
      await expectChromeIn(page, "fr");
    } finally {
      await context.close();
    }
  },
);

test(
  "an unsupported ?lng= falls back to English and is not remembered",
  { tag: "@once" },
  async ({ browser, baseURL, javaScriptEnabled }) => {
    const context = await browser.newContext({ baseURL, javaScriptEnabled });
    try {
      const page = await context.newPage();
      expect((await page.goto("/?lng=xx"))?.status()).toBe(200);
      if (javaScriptEnabled) await waitUntilReady(page);
      await expectChromeIn(page, "en");
      expect((await context.cookies()).filter((c) => c.name === "lng")).toEqual([]);
    } finally {
      await context.close();
    }
  },
);

test(
  "with JavaScript, picking a language on a page with the runtime loads that page anew in it",
  { tag: "@once" },
  async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JavaScript every link is a document load anyway");
    await page.goto(RUNTIME_PAGE);
    await waitForHydration(page);
    expect(await hasRuntime(page)).toBe(true);
    await page.evaluate(() => ((window as unknown as { __e2eMarker?: string }).__e2eMarker = "before"));
    await languageSummary(page).click();
    await page.getByRole("list", { name: "Language" }).getByRole("link", { name: "Deutsch" }).click();
    await expect(page).toHaveURL(/\/login\?lng=de#top$/);
    await expectChromeIn(page, "de");
    // A new document: the browser holds one language's messages, so it never switches in place.
    expect(await page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker)).toBeUndefined();
    await waitForHydration(page);
    await expectChromeIn(page, "de");
  },
);
