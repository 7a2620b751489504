import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { expect, test } from "@playwright/test";

import { axeViolations } from "./axe";
import { isSameDocument, markDocument, SITE, waitUntilReady } from "./support";

/**
 * A seed file the journeys compare the site with. A missing or empty one fails the run with its
 * name: these journeys never skip themselves.
 */
function seed<T extends unknown[]>(name: string, pick: (json: unknown) => T = (json) => json as T): T {
  const file = fileURLToPath(new URL(`../../seeds/${name}`, import.meta.url));
  if (!existsSync(file)) throw new Error(`seeds/${name} is missing: the catalogue journeys compare the site with it`);
  const items = pick(JSON.parse(readFileSync(file, "utf8")));
  if (!Array.isArray(items) || items.length === 0) {
    throw new Error(`seeds/${name} has nothing for the catalogue journeys`);
  }
  return items;
}

type Group = { name: string; slug: string };
const groups = seed("groups.json", (json) => (json as { children: Group[] }[])[0]?.children ?? []);
const products =
  seed<
    { group: string; name: string; slug: string; price: number; dimensions: string; timber: string; finish: string }[]
  >("products.json");
const slides = seed<{ heading: string }[]>("slides.json");

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A product card's accessible name: its name, then its price. */
const cardName = (name: string) => new RegExp(`^${escapeRe(name)}\\s*\\$`);
const price = (p: number) =>
  `$${p.toLocaleString("en-AU", { minimumFractionDigits: p % 1 ? 2 : 0, maximumFractionDigits: 2 })}`;

test("home shows the hero slideshow and a promotion card for every category", async ({ page }) => {
  await page.goto("/");
  const hero = page.locator('[aria-roledescription="carousel"]');
  await expect(hero).toBeVisible();
  await expect(hero.getByRole("heading", { name: slides[0].heading })).toBeVisible();
  // The first slide's image is the page's largest: fetched at once, with high priority, sized so nothing shifts.
  const first = hero.locator("img").first();
  await expect(first).toHaveAttribute("loading", "eager");
  await expect(first).toHaveAttribute("fetchpriority", "high");
  for (const img of await page.locator("main img").all()) {
    await expect(img).toHaveAttribute("width", /^\d+$/);
    await expect(img).toHaveAttribute("height", /^\d+$/);
  }
  for (const g of groups) {
    await expect(page.getByRole("link", { name: new RegExp(`: ${g.name}$`) })).toHaveAttribute(
      "href",
      `/catalogue/${g.slug}`,
    );
  }
});

test("the hero slideshow plays on its own and its button stops it (WCAG 2.2.2)", async ({
  page,
  javaScriptEnabled,
}) => {
  // Every animation frame the page asks for, to see that a playing slideshow draws only while a slide moves.
  await page.addInitScript(() => {
    const ask = window.requestAnimationFrame.bind(window);
    const w = window as unknown as { frames_asked: number };
    w.frames_asked = 0;
    window.requestAnimationFrame = (callback) => {
      w.frames_asked++;
      return ask(callback);
    };
  });
  await page.goto("/");
  const hero = page.locator('[aria-roledescription="carousel"]');
  const pause = hero.getByRole("button", { name: "Pause the slideshow" });
  if (!javaScriptEnabled) {
    // Without JavaScript nothing moves: a row that scrolls, with dot links, and no button.
    await expect(pause).toHaveCount(0);
    return;
  }
  await waitUntilReady(page);
  const active = () => hero.locator(".swiper-slide-active").getAttribute("id");
  // Nothing of the visitor's rests on the slideshow: no pointer over it, no focus in it.
  const leave = async () => {
    await page.mouse.move(0, 0);
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
  };
  const first = await active();
  const asked = () => page.evaluate(() => (window as unknown as { frames_asked: number }).frames_asked);
  const framesBefore = await asked();
  await expect.poll(active, { timeout: 10_000, message: "the slides advance on their own" }).not.toBe(first);
  // Seconds of a slide at rest, then one move: a handful of frames, not one every 16 ms (a phone's battery).
  expect(await asked(), "animation frames asked for while one slide showed").toBeLessThan(framesBefore + 30);

  await pause.click();
  await expect(hero.getByRole("button", { name: "Play the slideshow" })).toBeVisible();
  await leave();
  const stopped = await active();
  await page.waitForTimeout(5_000);
  expect(await active(), "stopped: still on the same slide after more than 4 s").toBe(stopped);

  await hero.getByRole("button", { name: "Play the slideshow" }).click();
  await expect(pause).toBeVisible();
  await leave();
  await expect.poll(active, { timeout: 10_000, message: "playing again" }).not.toBe(stopped);
});

test(
  "the hero slideshow's button works from the keyboard too",
  { tag: "@once" },
  async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the button comes with JavaScript");
    await page.goto("/");
    await waitUntilReady(page);
    const hero = page.locator('[aria-roledescription="carousel"]');
    const pause = hero.getByRole("button", { name: "Pause the slideshow" });
    await expect(pause).toBeVisible();
    // Tab until the button has the focus, as a keyboard user would reach it.
    for (let i = 0; i < 40 && !(await pause.evaluate((el) => el === document.activeElement)); i++) {
      await page.keyboard.press("Tab");
    }
    await expect(pause).toBeFocused();
    await page.keyboard.press("Enter");
    const play = hero.getByRole("button", { name: "Play the slideshow" });
    await expect(play).toBeFocused();
    // The focus leaves the slideshow; stopped by the button, it stays on its slide.
    await page.keyboard.press("Shift+Tab");
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    const active = () => hero.locator(".swiper-slide-active").getAttribute("id");
    const stopped = await active();
    await page.waitForTimeout(5_000);
    expect(await active(), "stopped: still on the same slide after more than 4 s").toBe(stopped);
    await play.focus();
    await page.keyboard.press(" ");
    await expect(pause).toBeFocused();
    await page.evaluate(() => (document.activeElement as HTMLElement | null)?.blur());
    await expect.poll(active, { timeout: 10_000, message: "playing again" }).not.toBe(stopped);
  },
);

test(
  "on a 320 px phone the slideshow's pause button and its dots are apart, each 24 px",
  { tag: "@once" },
  async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "the button and Swiper's dots come with JavaScript");
    await page.setViewportSize({ width: 320, height: 700 });
    await page.goto("/");
    await waitUntilReady(page);
    const hero = page.locator('[aria-roledescription="carousel"]');
    const pause = (await hero.getByRole("button", { name: "Pause the slideshow" }).boundingBox())!;
    const dots = hero.locator(".swiper-pagination-bullet");
    await expect(dots.first()).toBeVisible();
    for (const dot of await dots.all()) {
      const b = (await dot.boundingBox())!;
      expect(Math.min(b.width, b.height)).toBeGreaterThanOrEqual(24);
      const apart =
        b.x + b.width <= pause.x ||
        pause.x + pause.width <= b.x ||
        b.y + b.height <= pause.y ||
        pause.y + pause.height <= b.y;
      expect(apart, "a dot under the pause button").toBe(true);
    }
  },
);

test("the images really load, as AVIF or WebP where the browser takes them", { tag: "@once" }, async ({ page }) => {
  test.slow();
  await page.goto("/catalogue/table-settings");
  const img = page.locator("main img").first();
  await img.scrollIntoViewIfNeeded();
  // A variant's first request makes it (an AVIF takes seconds); later ones come from the cache.
  await expect
    .poll(() => img.evaluate((el: HTMLImageElement) => el.complete && el.naturalWidth > 0), { timeout: 45_000 })
    .toBe(true);
  expect(await img.evaluate((el: HTMLImageElement) => el.currentSrc)).toMatch(
    /\/assets\/i\/[0-9a-f]{32}\/4x3\/\d+\.(avif|webp)$/,
  );
});

test("a promotion card leads to its category, which lists its products with prices", async ({ page }) => {
  const group = groups[0];
  await page.goto("/");
  await page.getByRole("link", { name: new RegExp(`: ${group.name}$`) }).click();
  await expect(page).toHaveURL(new RegExp(`/catalogue/${group.slug}$`));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(group.name);
  await expect(page).toHaveTitle(new RegExp(`^${group.name} \\| `));
  const breadcrumb = page.getByRole("navigation", { name: "Breadcrumb" });
  await expect(breadcrumb.getByRole("link")).toHaveText(["Home", "Catalogue"]);
  for (const p of products.filter((x) => x.group === group.slug)) {
    await expect(page.getByRole("link", { name: cardName(p.name) })).toContainText(price(p.price));
  }
});

/** The viewports the catalogue's journeys run at: a phone and a laptop. */
const VIEWPORTS = [
  { width: 390, height: 844 },
  { width: 1366, height: 900 },
];
/** The compact phone header issue 11 asks for is under 64 px tall. */
const PHONE_HEADER = 64;
const CATALOGUE_PAGES = [
  "/catalogue",
  "/catalogue/table-settings",
  "/catalogue/table-settings/palmwoods-square-setting",
];
const tableSetting = products.find((x) => x.slug === "palmwoods-square-setting")!;
const productUrl = (p: { group: string; slug: string }) => `/catalogue/${p.group}/${p.slug}`;
const titled = (name: string) => `${name}${SITE.titleSuffix}`;

for (const viewport of VIEWPORTS) {
  test.describe(`the product view at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test("a product card opens the product at its own address; Back closes it, Forward reopens it", async ({
      page,
      javaScriptEnabled,
    }) => {
      const p = tableSetting;
      await page.goto("/");
      await page.goto("/catalogue/table-settings");
      const card = page.getByRole("link", { name: cardName(p.name) });
      await expect(card).toHaveAttribute("href", productUrl(p));
      if (!javaScriptEnabled) {
        // Without JavaScript the card is a plain link to the product's page.
        await card.click();
        await expect(page).toHaveURL(productUrl(p));
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.name);
        await expect(page.getByRole("main")).toContainText(price(p.price));
        return;
      }
      await waitUntilReady(page);
      await markDocument(page);
      await card.click();
      const dialog = page.getByRole("dialog", { name: p.name });
      await expect(dialog).toBeVisible();
      await expect(dialog.getByRole("heading", { level: 2, name: p.name })).toBeVisible();
      await expect(dialog).toContainText(price(p.price));
      await expect(page).toHaveURL(productUrl(p));
      await expect(page).toHaveTitle(titled(p.name));
      // The focus is in the dialog; the list keeps the one h1.
      expect(await dialog.evaluate((d) => d.contains(document.activeElement))).toBe(true);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText("Table settings");

      await page.goBack();
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/catalogue\/table-settings$/);
      await expect(page).toHaveTitle(titled("Table settings"));
      await expect(card).toBeFocused();

      await page.goForward();
      await expect(dialog).toBeVisible();
      await expect(page).toHaveURL(productUrl(p));
      await expect(page).toHaveTitle(titled(p.name));
      expect(await isSameDocument(page), "all of it without a page load").toBe(true);

      // Closing it (Escape here) leaves the product's entry: Back then leaves the category.
      await page.keyboard.press("Escape");
      await expect(dialog).toBeHidden();
      await expect(page).toHaveURL(/\/catalogue\/table-settings$/);
      await expect(card).toBeFocused();
      await page.goBack();
      await expect(page).toHaveURL(/\/$/);
    });

    test(
      "the dialog closes by its button and by a click outside it, back at the list's address",
      { tag: "@once" },
      async ({ page, javaScriptEnabled }) => {
        test.skip(!javaScriptEnabled, "without JavaScript there is no dialog");
        const p = tableSetting;
        await page.goto("/catalogue/table-settings");
        await waitUntilReady(page);
        const dialog = page.getByRole("dialog", { name: p.name });
        await page.getByRole("link", { name: cardName(p.name) }).click();
        await expect(dialog).toBeVisible();
        await dialog.getByRole("button", { name: "Close" }).click();
        await expect(dialog).toBeHidden();
        await expect(page).toHaveURL(/\/catalogue\/table-settings$/);

        await page.getByRole("link", { name: cardName(p.name) }).click();
        await expect(dialog).toBeVisible();
        await page.mouse.click(2, 2);
        await expect(dialog).toBeHidden();
        await expect(page).toHaveURL(/\/catalogue\/table-settings$/);
        await expect(page).toHaveTitle(titled("Table settings"));
      },
    );

    test(
      "in the dialog, a thumbnail shows its photo without a page load",
      { tag: "@once" },
      async ({ page, javaScriptEnabled }) => {
        test.skip(!javaScriptEnabled, "without JavaScript a thumbnail loads the product's page with that photo");
        const p = tableSetting;
        await page.goto("/catalogue/table-settings");
        await waitUntilReady(page);
        await markDocument(page);
        await page.getByRole("link", { name: cardName(p.name) }).click();
        const dialog = page.getByRole("dialog", { name: p.name });
        const large = (n: number) => dialog.locator(`[data-photo-large="${n}"] img`);
        await expect(large(0)).toBeVisible();
        await expect(large(1)).toBeHidden();
        await dialog.getByRole("link", { name: `Photo 2 of ${p.name}` }).click();
        await expect(large(1)).toBeVisible();
        await expect(large(0)).toBeHidden();
        await expect(dialog.getByRole("link", { name: `Photo 2 of ${p.name}` })).toHaveAttribute(
          "aria-current",
          "true",
        );
        await expect(page).toHaveURL(productUrl(p));
        expect(await isSameDocument(page)).toBe(true);
      },
    );
  });
}

test(
  "modifier and middle clicks on a card stay ordinary links",
  { tag: "@once" },
  async ({ page, context, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JavaScript every click is a link's");
    const p = tableSetting;
    await page.goto("/catalogue/table-settings");
    await waitUntilReady(page);
    const card = page.getByRole("link", { name: cardName(p.name) });
    const [tab] = await Promise.all([context.waitForEvent("page"), card.click({ modifiers: ["ControlOrMeta"] })]);
    // A new tab opens on about:blank, then goes to the link's address.
    await tab.waitForURL((url) => url.pathname === productUrl(p));
    await tab.close();
    const [middle] = await Promise.all([context.waitForEvent("page"), card.click({ button: "middle" })]);
    await middle.waitForURL((url) => url.pathname === productUrl(p));
    await middle.close();
    await expect(page.getByRole("dialog")).toBeHidden();
    await expect(page).toHaveURL(/\/catalogue\/table-settings$/);
  },
);

test(
  "when the product's page cannot be fetched, the card loads it as a page",
  { tag: "@once" },
  async ({ page, javaScriptEnabled }) => {
    test.skip(!javaScriptEnabled, "without JavaScript the card is always a page load");
    const p = tableSetting;
    await page.goto("/catalogue/table-settings");
    await waitUntilReady(page);
    await page.route(`**${productUrl(p)}`, (route) =>
      route.request().resourceType() === "fetch" ? route.abort() : route.continue(),
    );
    await markDocument(page);
    await page.getByRole("link", { name: cardName(p.name) }).click();
    await expect(page).toHaveURL(productUrl(p));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.name);
    expect(await isSameDocument(page), "a page load").toBe(false);
  },
);

test("a shared product address opens the product's own page, its thumbnails links to its photos", async ({ page }) => {
  const p = tableSetting;
  await page.goto(productUrl(p));
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.name);
  await expect(page.getByRole("dialog")).toHaveCount(0);
  await expect(page).toHaveTitle(titled(p.name));
  await page.getByRole("link", { name: `Photo 2 of ${p.name}` }).click();
  await expect(page).toHaveURL(`${productUrl(p)}?photo=2`);
  await expect(page.locator('[data-photo-large="1"] img')).toBeVisible();
  await expect(page.locator('[data-photo-large="0"] img')).toBeHidden();
});

test.describe("on a 390×844 phone", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test(
    "a product's name and price are in the first screen, then an enquiry and its facts",
    { tag: "@once" },
    async ({ page }) => {
      const p = tableSetting;
      await page.goto(productUrl(p));
      const name = page.getByRole("heading", { level: 1 });
      const cost = page.getByRole("main").getByText(price(p.price), { exact: true });
      await expect(name).toHaveText(p.name);
      await expect(name).toBeInViewport({ ratio: 1 });
      await expect(cost).toBeInViewport({ ratio: 1 });
      // Also under the compact header (at most 64 px) whatever this header's height is now.
      const header = (await page.getByRole("banner").boundingBox())!;
      const priceBox = (await cost.boundingBox())!;
      expect(priceBox.y + priceBox.height - (header.y + header.height) + PHONE_HEADER).toBeLessThanOrEqual(844);

      // The enquiry form, with the product filled in; the e-mail beside it.
      const enquire = page.getByRole("link", { name: "Enquire about this piece" });
      const query = new URL((await enquire.getAttribute("href"))!, "http://x").searchParams;
      expect(query.get("form")).toBe("enquiry");
      expect(query.get("product")).toBe(p.name);
      const href = (await page.getByRole("link", { name: "Or email us" }).getAttribute("href"))!;
      expect(href).toMatch(new RegExp(`^mailto:${escapeRe(SITE.email)}\\?subject=`));
      expect(decodeURIComponent(href)).toContain(`Enquiry: ${p.name}`);
      await expect(page.getByRole("link", { name: new RegExp(SITE.phone) }).first()).toHaveAttribute(
        "href",
        `tel:${SITE.phone.replace(/\s/g, "")}`,
      );
      const facts = page.getByRole("main").locator("dl");
      await expect(facts.locator("dt")).toHaveText(["Dimensions", "Timber", "Finish"]);
      await expect(facts.locator("dd")).toHaveText([p.dimensions, p.timber, p.finish]);
    },
  );

  test("the catalogue starts with chips that jump to each category's section", { tag: "@once" }, async ({ page }) => {
    await page.goto("/catalogue");
    const chips = page.getByRole("navigation", { name: "Categories" }).getByRole("link");
    await expect(chips).toHaveText(groups.map((g) => g.name));
    await expect(chips.first()).toBeInViewport();
    const last = groups[groups.length - 1];
    await chips.last().scrollIntoViewIfNeeded();
    await chips.last().click();
    await expect(page).toHaveURL(new RegExp(`/catalogue#${last.slug}$`));
    await expect(page.getByRole("heading", { level: 2, name: last.name })).toBeInViewport();
  });
});

test("a category's page links its sibling categories, itself marked current", { tag: "@once" }, async ({ page }) => {
  const [group, sibling] = [groups[groups.length - 1], groups[0]];
  await page.goto(`/catalogue/${group.slug}`);
  const chips = page.getByRole("navigation", { name: "Categories" }).getByRole("link");
  await expect(chips).toHaveText(groups.map((g) => g.name));
  await expect(chips.filter({ hasText: group.name })).toHaveAttribute("aria-current", "page");
  await expect(page.locator('nav[aria-label="Categories"] [aria-current]')).toHaveCount(1);
  await chips.filter({ hasText: sibling.name }).click();
  await expect(page).toHaveURL(`/catalogue/${sibling.slug}`);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(sibling.name);
});

test("the item's name is the page's one h1 on category and product pages", { tag: "@once" }, async ({ page }) => {
  for (const [path, h1] of [
    ["/catalogue/table-settings", "Table settings"],
    [productUrl(tableSetting), tableSetting.name],
  ]) {
    await page.goto(path);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText([h1]);
  }
});

test("the catalogue's 'get in touch' leads to the contact page", { tag: "@once" }, async ({ page }) => {
  await page.goto("/catalogue");
  const link = page.getByRole("main").getByRole("link", { name: "get in touch" });
  await expect(link).toHaveAttribute("href", "/contact");
  await link.click();
  await expect(page.getByRole("heading", { level: 1 })).toHaveText("Contact us");
});

for (const viewport of VIEWPORTS) {
  test(
    `no catalogue page is wider than a ${viewport.width} px screen; its targets are 24 px or more`,
    { tag: "@once" },
    async ({ page }) => {
      await page.setViewportSize(viewport);
      for (const path of CATALOGUE_PAGES) {
        await page.goto(path);
        expect(await page.evaluate(() => document.documentElement.scrollWidth), path).toBeLessThanOrEqual(
          viewport.width,
        );
        // Every link and button the catalogue shows (text links inside written copy are exempt, WCAG 2.5.8).
        const small = await page.locator("main a, main button").evaluateAll((els) =>
          els
            .filter((el) => !el.closest(".prose-cms") && el.getClientRects().length > 0)
            .map((el) => ({
              text: el.textContent?.trim() || el.getAttribute("aria-label"),
              box: el.getBoundingClientRect(),
            }))
            .filter(({ box }) => box.width < 24 || box.height < 24)
            .map(({ text, box }) => `${text} ${Math.round(box.width)}×${Math.round(box.height)}`),
        );
        expect(small, `${path}: targets under 24 px`).toEqual([]);
      }
    },
  );
}

test.describe("catalogue quality", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe runs in the page");
  // axe-core is injected as a script; the page's CSP allows only its own.
  test.use({ bypassCSP: true, viewport: { width: 390, height: 844 } });

  for (const theme of ["light", "dark"]) {
    test(
      `the catalogue, a category, a product and the open dialog have no axe violations (${theme})`,
      { tag: "@once" },
      async ({ page }) => {
        for (const path of CATALOGUE_PAGES) {
          await page.goto(`${path}?theme=${theme}`);
          expect(await axeViolations(page), path).toEqual([]);
        }
        await page.goto(`/catalogue/table-settings?theme=${theme}`);
        await waitUntilReady(page);
        await page.getByRole("link", { name: cardName(tableSetting.name) }).click();
        await expect(page.getByRole("dialog", { name: tableSetting.name })).toBeVisible();
        expect(await axeViolations(page), "the open dialog").toEqual([]);
      },
    );
  }
});

test("the breadcrumb and the way back look like links", { tag: "@once" }, async ({ page }) => {
  await page.goto(productUrl(tableSetting));
  const links = [
    ...(await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link").all()),
    page.getByRole("link", { name: "Back to Table settings" }),
  ];
  expect(links).toHaveLength(4);
  for (const link of links) {
    await expect(link).toHaveCSS("text-decoration-line", "underline");
  }
});

test(
  "a product's own page carries Product structured data, and unknown items are 404",
  { tag: "@once" },
  async ({ request }) => {
    const p = products[0];
    const res = await request.get(`/catalogue/${p.group}/${p.slug}`);
    expect(res.status()).toBe(200);
    const html = await res.text();
    const ld = JSON.parse(html.match(/<script type="application\/ld\+json">(.*?)<\/script>/s)![1]);
    const product = ld["@graph"].find((n: { "@type": string }) => n["@type"] === "Product");
    expect(product.name).toBe(p.name);
    expect(product.offers).toMatchObject({
      priceCurrency: "AUD",
      price: p.price.toFixed(2),
      availability: "https://schema.org/InStock",
    });
    expect((await request.get("/catalogue/no-such-group")).status()).toBe(404);
    expect((await request.get(`/catalogue/${p.group}/no-such-product`)).status()).toBe(404);
  },
);
