import type { Locator, Page } from "@playwright/test";
import { expect, test } from "@playwright/test";

import { axeViolations } from "./axe";
import { HEADER_LINKS, LANGUAGE_NAMES, messages, openWithRuntime, PAGES, scrollY, waitUntilReady } from "./support";

/**
 * The header (decision 037), as issue 11 asked for it: on a phone a 61 px row with the brand and
 * a menu button that opens the navigation and the language and theme menus; on a desktop the
 * brand, the navigation and both menus on one line. Both with and without JavaScript.
 */

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1366, height: 900 };

/** The seeded pages a visitor meets first, and a product page. */
const SEEDED = [
  PAGES.home.path,
  PAGES.about.path,
  PAGES.delivery.path,
  PAGES.whereToFindUs.path,
  PAGES.catalogue.path,
  "/catalogue/table-settings/palmwoods-square-setting",
];

const banner = (page: Page) => page.getByRole("banner");
const menuButton = (page: Page, lng = "en") => banner(page).getByRole("button", { name: messages(lng)["nav.menu"] });
const mainNav = (page: Page, lng = "en") => page.getByRole("navigation", { name: messages(lng)["nav.main"] });
const languageSummary = (page: Page) => banner(page).locator("details > summary").first();
const themeSummary = (page: Page) => banner(page).locator("details > summary").nth(1);
const languageList = (page: Page, lng = "en") => page.getByRole("list", { name: messages(lng)["language.label"] });
const themeList = (page: Page) => page.getByRole("list", { name: "Theme" });

async function visit(page: Page, path: string, javaScriptEnabled: boolean) {
  await page.goto(path);
  if (javaScriptEnabled) await waitUntilReady(page);
}

/** The box of an element, which must be rendered. */
async function box(locator: Locator) {
  const found = await locator.boundingBox();
  expect(found, "the element is rendered").not.toBeNull();
  return found!;
}

/** The focused element, described (tag and text) with whether it sits in the header. */
const focused = (page: Page) =>
  page.evaluate(() => {
    const el = document.activeElement;
    return {
      inHeader: Boolean(el?.closest("header")),
      text: `${el?.tagName.toLowerCase()} ${(el?.textContent ?? "").trim().slice(0, 30)}`,
    };
  });

test.describe("on a phone", () => {
  test.use({ viewport: PHONE });

  test(
    "the header is one row under 64 px, the brand and a menu button, and stays on screen",
    { tag: "@once" },
    async ({ page, javaScriptEnabled }) => {
      // Seven pages, the first visits making their images: on two busy cores that takes a while.
      test.slow();
      for (const path of SEEDED) {
        await visit(page, path, javaScriptEnabled);
        const header = await box(banner(page));
        expect.soft(header.height, `${path}: the header's height`).toBeLessThan(64);
        await expect.soft(banner(page).getByRole("link").first()).toBeInViewport({ ratio: 1 });
        const button = await box(menuButton(page));
        expect.soft(button.height, "the menu button is a 44 px target").toBeGreaterThanOrEqual(44);
        expect.soft(button.width).toBeGreaterThanOrEqual(44);
        expect.soft(button.x + button.width).toBeLessThanOrEqual(PHONE.width);
        // The navigation waits behind the button.
        await expect.soft(mainNav(page)).toBeHidden();
      }
      // Fixed: a long page scrolled down still has its header, and the menu, at the top.
      await visit(page, PAGES.about.path, javaScriptEnabled);
      await page.mouse.wheel(0, 1500);
      await expect.poll(() => scrollY(page)).toBeGreaterThan(1000);
      expect((await box(banner(page))).y).toBe(0);
      await expect(menuButton(page)).toBeInViewport({ ratio: 1 });
    },
  );

  for (const width of [390, 320]) {
    for (const lng of ["en", "ar"]) {
      test(
        `at ${width} px in ${lng === "en" ? "English" : "Arabic"}, the menu holds the navigation and both menus, all on screen`,
        { tag: "@once" },
        async ({ page, javaScriptEnabled }) => {
          await page.setViewportSize({ width, height: 700 });
          await visit(page, `${PAGES.about.path}?lng=${lng}`, javaScriptEnabled);
          await menuButton(page, lng).click();
          const nav = mainNav(page, lng);
          await expect(nav).toBeVisible();
          await expect(nav.getByRole("link")).toHaveText(HEADER_LINKS);
          for (const link of await nav.getByRole("link").all()) {
            await expect.soft(link).toBeInViewport({ ratio: 1 });
            const target = await box(link);
            expect.soft(target.height, "a primary navigation link is a 44 px target").toBeGreaterThanOrEqual(44);
          }
          await expect(languageSummary(page)).toBeInViewport({ ratio: 1 });
          await expect(themeSummary(page)).toBeInViewport({ ratio: 1 });

          // All 18 languages, each in its own name, each reachable and on screen.
          await languageSummary(page).click();
          const list = languageList(page, lng);
          await expect(list.getByRole("link")).toHaveText(Object.values(LANGUAGE_NAMES));
          for (const link of await list.getByRole("link").all()) {
            await link.scrollIntoViewIfNeeded();
            const item = await box(link);
            expect.soft(item.x, `${await link.textContent()}: its start`).toBeGreaterThanOrEqual(0);
            expect.soft(item.x + item.width, `${await link.textContent()}: its end`).toBeLessThanOrEqual(width);
            expect.soft(item.height).toBeGreaterThanOrEqual(44);
            await expect.soft(link).toBeInViewport({ ratio: 1 });
          }
          // And one of them works from here.
          await list.getByRole("link", { name: "Deutsch" }).click();
          await expect(page).toHaveURL(/\/about\?lng=de#top$/);
          await expect(page.locator("html")).toHaveAttribute("lang", "de");
          await expect(mainNav(page, "de")).toBeHidden();
        },
      );
    }
  }

  test("a link in the menu goes to its page, where the menu is closed", async ({ page, javaScriptEnabled }) => {
    await visit(page, PAGES.about.path, javaScriptEnabled);
    await menuButton(page).click();
    await mainNav(page).getByRole("link", { name: "Delivery" }).click();
    await expect(page).toHaveURL(PAGES.delivery.path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(PAGES.delivery.h1);
    await expect(mainNav(page)).toBeHidden();
    const hiddenNav = page.getByRole("navigation", { name: "Main", includeHidden: true });
    await expect(hiddenNav.getByRole("link", { name: "Delivery", includeHidden: true })).toHaveAttribute(
      "aria-current",
      "page",
    );
  });

  test("Escape and a tap outside close the menu", async ({ page, javaScriptEnabled }) => {
    // A popover: the browser closes it on Escape and on a tap outside, even without JavaScript.
    await visit(page, PAGES.delivery.path, javaScriptEnabled);
    await menuButton(page).click();
    await expect(mainNav(page)).toBeVisible();
    await page.keyboard.press("Escape");
    await expect(mainNav(page)).toBeHidden();
    if (javaScriptEnabled) await expect(menuButton(page)).toBeFocused();

    await menuButton(page).click();
    await expect(mainNav(page)).toBeVisible();
    const panel = await box(page.locator("#site-menu"));
    expect(panel.y + panel.height, "there is page below the menu to tap").toBeLessThan(PHONE.height - 40);
    await page.mouse.click(PHONE.width / 2, PHONE.height - 20);
    await expect(mainNav(page)).toBeHidden();
    if (javaScriptEnabled) await expect(menuButton(page)).toBeFocused();
  });

  test(
    "with JavaScript, Tab and Shift+Tab stay in the open menu, and Escape closes one thing at a time",
    { tag: "@once" },
    async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "the focus trap is the header script's");
      await visit(page, PAGES.about.path, true);
      await menuButton(page).focus();
      await page.keyboard.press("Enter");
      await expect(mainNav(page)).toBeVisible();
      await expect(menuButton(page)).toHaveAttribute("aria-expanded", "true");

      // The button, the links, the search field and its button, "Sign in", two menu buttons: Tab
      // goes round them and never leaves.
      const seen: string[] = [];
      for (let i = 0; i < HEADER_LINKS.length + 6; i++) {
        await page.keyboard.press("Tab");
        const now = await focused(page);
        expect(now.inHeader, `Tab ${i + 1} focused ${now.text}`).toBe(true);
        seen.push(now.text);
      }
      expect(seen.slice(0, HEADER_LINKS.length)).toEqual(HEADER_LINKS.map((name) => `a ${name}`));
      expect(seen.slice(HEADER_LINKS.length, HEADER_LINKS.length + 2)).toEqual(["input ", "button Search"]);
      expect(seen[HEADER_LINKS.length + 2]).toBe("a Sign in");
      expect(seen[HEADER_LINKS.length + 5], "after the last one, the menu button").toMatch(/^button/);
      await expect(menuButton(page)).toBeFocused();
      await page.keyboard.press("Shift+Tab");
      await expect(themeSummary(page)).toBeFocused();

      // Escape in the open language menu closes it, and only it.
      await page.keyboard.press("Shift+Tab");
      await expect(languageSummary(page)).toBeFocused();
      await page.keyboard.press("Enter");
      await expect(languageList(page)).toBeVisible();
      await page.keyboard.press("Tab");
      await page.keyboard.press("Escape");
      await expect(languageList(page)).toBeHidden();
      await expect(languageSummary(page)).toBeFocused();
      await expect(mainNav(page)).toBeVisible();
      // The next closes the menu, and focus goes back to its button.
      await page.keyboard.press("Escape");
      await expect(mainNav(page)).toBeHidden();
      await expect(menuButton(page)).toBeFocused();
      await expect(menuButton(page)).toHaveAttribute("aria-expanded", "false");
    },
  );

  test(
    "with the runtime, the menu still works after a client-side navigation",
    { tag: "@once" },
    async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "without JavaScript every link loads a new document");
      await openWithRuntime(page, "/about");
      await menuButton(page).click();
      await mainNav(page).getByRole("link", { name: "Delivery" }).click();
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(PAGES.delivery.h1);
      // Still the one document: the runtime navigated, and the menu closed on the way.
      expect(await page.evaluate(() => "__remixContext" in window)).toBe(true);
      await expect(mainNav(page)).toBeHidden();
      await menuButton(page).click();
      await expect(mainNav(page)).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(mainNav(page)).toBeHidden();
      await expect(menuButton(page)).toBeFocused();
    },
  );

  test(
    "the fixed header covers neither an anchor's target nor a focused element",
    { tag: "@once" },
    async ({ page, javaScriptEnabled }) => {
      // A tab link's fragment: the tab row lands below the header.
      await visit(page, `${PAGES.about.path}?tab=Our+timber#tabs-about-r2-b1`, javaScriptEnabled);
      await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
      const headerBottom = (await box(banner(page))).height;
      expect((await box(page.getByRole("tablist"))).y).toBeGreaterThanOrEqual(headerBottom);

      // Keyboard focus moving back up to a question half under the header brings it out from under it.
      await visit(page, PAGES.delivery.path, javaScriptEnabled);
      const questions = page.getByRole("main").locator("summary");
      expect(await questions.count()).toBeGreaterThan(2);
      await page.evaluate(() => {
        const all = document.querySelectorAll<HTMLElement>("main summary");
        window.scrollBy(0, all[1].getBoundingClientRect().top - 20);
        all[2].focus({ preventScroll: true });
      });
      expect((await box(questions.nth(1))).y, "the question starts under the header").toBeLessThan(headerBottom);
      await page.keyboard.press("Shift+Tab");
      await expect(questions.nth(1)).toBeFocused();
      expect((await box(questions.nth(1))).y, "the focused question is below the header").toBeGreaterThanOrEqual(
        headerBottom,
      );
    },
  );
});

test.describe("on a desktop", () => {
  test.use({ viewport: DESKTOP });

  test(
    "the brand, the navigation, the search field and both menus sit on one line, with no menu button",
    { tag: "@once" },
    async ({ page, javaScriptEnabled }) => {
      for (const lng of ["en", "ar", "de"]) {
        await visit(page, `${PAGES.about.path}?lng=${lng}`, javaScriptEnabled);
        await expect(menuButton(page, lng)).toBeHidden();
        const parts = [
          banner(page).getByRole("link").first(),
          ...(await mainNav(page, lng).getByRole("link").all()),
          banner(page).getByRole("searchbox"),
          languageSummary(page),
          themeSummary(page),
        ];
        const middles = [];
        for (const part of parts) {
          await expect(part).toBeVisible();
          const b = await box(part);
          middles.push(b.y + b.height / 2);
        }
        expect(Math.max(...middles) - Math.min(...middles), `${lng}: one line`).toBeLessThan(6);
        expect((await box(banner(page))).height).toBeLessThan(72);
      }
    },
  );

  test(
    "with JavaScript, the language and theme menus close on Escape and on a click outside",
    { tag: "@once" },
    async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "without JavaScript a <details> closes from its own button");
      await visit(page, PAGES.about.path, true);
      await languageSummary(page).click();
      await expect(languageList(page)).toBeVisible();
      await page.keyboard.press("Escape");
      await expect(languageList(page)).toBeHidden();
      await expect(languageSummary(page)).toBeFocused();

      await themeSummary(page).click();
      await expect(themeList(page)).toBeVisible();
      await page.getByRole("heading", { level: 1 }).click();
      await expect(themeList(page)).toBeHidden();

      // Opening one closes the other.
      await languageSummary(page).click();
      await themeSummary(page).click();
      await expect(themeList(page)).toBeVisible();
      await expect(languageList(page)).toBeHidden();
    },
  );

  test("the menus hang from their buttons inside the screen", { tag: "@once" }, async ({ page }) => {
    for (const lng of ["en", "ar"]) {
      await visit(page, `${PAGES.about.path}?lng=${lng}`, false);
      for (const [summary, list] of [
        [languageSummary(page), languageList(page, lng)],
        [themeSummary(page), page.getByRole("list", { name: messages(lng)["theme.label"] })],
      ] as const) {
        await summary.click();
        const b = await box(list);
        expect.soft(b.x).toBeGreaterThanOrEqual(0);
        expect.soft(b.x + b.width).toBeLessThanOrEqual(DESKTOP.width);
        expect.soft(b.y).toBeGreaterThanOrEqual((await box(summary)).y);
        await summary.click();
      }
    }
  });
});

test.describe("the language and theme links keep the visitor's place", () => {
  test.use({ viewport: PHONE });

  test("they end in #top, keep the query, and name the tab row ?tab= chose", { tag: "@once" }, async ({ page }) => {
    await page.goto(PAGES.about.path);
    const hrefs = async () =>
      page
        .getByRole("banner")
        .locator("a[hreflang], a[href*='theme=']")
        .evaluateAll((links) => links.map((a) => a.getAttribute("href")!));
    const plain = await hrefs();
    expect(plain).toHaveLength(18 + 3);
    for (const href of plain) expect(href).toMatch(/^\/about\?(lng|theme)=[\w-]+#top$/);
    // #top is there to land on: the top of the page.
    await expect(page.locator("#top")).toHaveCount(1);

    await page.goto(`${PAGES.about.path}?tab=Our+timber&size=large`);
    for (const href of await hrefs()) {
      expect(href).toMatch(/^\/about\?tab=Our\+timber&size=large&(lng|theme)=[\w-]+#tabs-about-r2-b1$/);
    }
  });

  test("switching the language from a tab returns to the tab row", async ({ page, javaScriptEnabled }) => {
    await visit(page, `${PAGES.about.path}?tab=Our+timber#tabs-about-r2-b1`, javaScriptEnabled);
    await expect.poll(() => scrollY(page)).toBeGreaterThan(0);
    await menuButton(page).click();
    await languageSummary(page).click();
    await languageList(page).getByRole("link", { name: "Deutsch" }).click();
    await expect(page).toHaveURL(/\/about\?tab=Our\+timber&lng=de#tabs-about-r2-b1$/);
    await expect(page.locator("html")).toHaveAttribute("lang", "de");
    // The new document opens at the row, the chosen tab's panel below it, not at the top.
    await expect.poll(() => scrollY(page)).toBeGreaterThan(100);
    await expect(page.getByRole("tablist")).toBeInViewport();
    await expect(page.getByRole("tab", { name: "Our timber" })).toHaveAttribute("aria-selected", "true");
  });

  test(
    "with JavaScript, switching the theme mid-page opens the new page at the visitor's section",
    { tag: "@once" },
    async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "without JavaScript the links carry what the server knows");
      await visit(page, "/showcase", true);
      await page.locator("#reviews").evaluate((el) => el.scrollIntoView());
      await expect.poll(() => scrollY(page)).toBeGreaterThan(1000);
      await menuButton(page).click();
      await themeSummary(page).click();
      await themeList(page).getByRole("link", { name: "Dark" }).click();
      await expect(page).toHaveURL(/\/showcase\?theme=dark#reviews$/);
      await expect(page.locator("html")).toHaveClass(/\bdark\b/);
      await expect(page.locator("#reviews")).toBeInViewport();
    },
  );
});

/** Every rendered interactive element in the header, the main content and the footer, with its size. */
const targets = (page: Page) =>
  page.evaluate(() => {
    const selector = ["a[href]", "button", "summary", "input", "select", "textarea", "[tabindex]:not([tabindex='-1'])"]
      .flatMap((s) => [`header ${s}`, `main ${s}`, `footer ${s}`])
      .join(", ");
    return [...document.querySelectorAll(selector)]
      .filter((el) => el.getClientRects().length > 0 && getComputedStyle(el).visibility !== "hidden")
      .map((el) => {
        const r = el.getBoundingClientRect();
        const name = (el.getAttribute("aria-label") ?? el.textContent ?? "").trim().replace(/\s+/g, " ");
        return { name: `${el.tagName.toLowerCase()} "${name.slice(0, 40)}"`, width: r.width, height: r.height };
      });
  });

for (const [device, viewport] of [
  ["phone", PHONE],
  ["desktop", DESKTOP],
] as const) {
  test(
    `on a ${device}, every interactive target in the header, content and footer is at least 24 × 24 px`,
    { tag: "@once" },
    async ({ page, javaScriptEnabled }) => {
      test.slow();
      await page.setViewportSize(viewport);
      for (const path of [...SEEDED, "/showcase"]) {
        await visit(page, path, javaScriptEnabled);
        if (device === "phone") await menuButton(page).click();
        const found = await targets(page);
        expect(found.length, `${path} has targets`).toBeGreaterThan(10);
        const small = found.filter((t) => t.width < 24 || t.height < 24);
        expect.soft(small, `${path}: targets under 24 × 24 px`).toEqual([]);
      }
    },
  );
}

test.describe("the back-to-top arrow", () => {
  test(
    "at the end of the page it covers nothing a visitor may want",
    { tag: "@once" },
    async ({ page, javaScriptEnabled }) => {
      for (const [path, width] of [
        [PAGES.delivery.path, 390],
        ["/showcase", 390],
        [PAGES.home.path, 320],
        [PAGES.delivery.path, 320],
      ] as const) {
        await page.setViewportSize({ width, height: 700 });
        await visit(page, path, javaScriptEnabled);
        await page.evaluate(() => window.scrollTo(0, document.scrollingElement!.scrollHeight));
        const arrow = page.getByRole("link", { name: "Back to top" });
        await expect(arrow).toBeVisible();
        const a = await box(arrow);
        const covered = await page.evaluate(
          ({ x, y, width, height }) =>
            [...document.querySelectorAll("a[href], button, summary, p, li, h2, h3, img, dt, dd, address")]
              .filter((el) => !el.closest(".back-to-top") && el.getClientRects().length > 0)
              .filter((el) => {
                const r = el.getBoundingClientRect();
                // Text boxes are as wide as their column: what counts is the text itself.
                const range = document.createRange();
                range.selectNodeContents(el);
                const c = el.matches("a, button, summary, img") ? r : range.getBoundingClientRect();
                return c.width > 0 && c.left < x + width && c.right > x && c.top < y + height && c.bottom > y;
              })
              .map((el) => `${el.tagName.toLowerCase()} ${(el.textContent ?? "").trim().slice(0, 40)}`),
          a,
        );
        expect.soft(covered, `${path} at ${width} px: what lies under the arrow`).toEqual([]);
      }
    },
  );
});

test.describe("axe on the header and footer", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe runs in the page");
  // axe-core is injected as a script; the page's CSP allows only its own.
  test.use({ bypassCSP: true, viewport: PHONE });
  for (const query of ["?theme=light", "?theme=dark", "?lng=ar"]) {
    test(`the open phone menu and the footer have no violations (${query})`, { tag: "@once" }, async ({ page }) => {
      await visit(page, `${PAGES.about.path}${query}`, true);
      const lng = query === "?lng=ar" ? "ar" : "en";
      await menuButton(page, lng).click();
      await languageSummary(page).click();
      expect(await axeViolations(page, ["header", "footer"])).toEqual([]);
    });
  }
});
