import { existsSync, readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

import { expect, test } from "@playwright/test";

import { waitUntilReady } from "./support";

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
const products = seed<{ group: string; name: string; slug: string; price: number }[]>("products.json");
const slides = seed<{ heading: string }[]>("slides.json");

const escapeRe = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
/** A product card's accessible name: its name, then its price. */
const card = (name: string) => new RegExp(`^${escapeRe(name)}\\s*\\$`);
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
  await expect.poll(active, { timeout: 10_000, message: "the slides advance on their own" }).not.toBe(first);

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

test("the images really load, as AVIF or WebP where the browser takes them", async ({ page }) => {
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
    await expect(page.getByRole("link", { name: card(p.name) })).toContainText(price(p.price));
  }
});

test("a product opens in a modal with JavaScript, and as its own page without", async ({ page, javaScriptEnabled }) => {
  const p = products.find((x) => x.group === "table-settings")!;
  await page.goto("/catalogue/table-settings");
  // The runtime starts once the page has loaded (decision 033); a click before then is a plain link.
  if (javaScriptEnabled) await waitUntilReady(page);
  await page.getByRole("link", { name: card(p.name) }).click();
  if (javaScriptEnabled) {
    const dialog = page.getByRole("dialog", { name: p.name });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByRole("heading", { name: p.name })).toBeVisible();
    await expect(dialog).toContainText(price(p.price));
    await expect(page).toHaveURL(/\/catalogue\/table-settings$/);
    await page.keyboard.press("Escape");
    await expect(dialog).toBeHidden();
  } else {
    await expect(page).toHaveURL(new RegExp(`/catalogue/table-settings/${p.slug}$`));
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(p.name);
    await expect(page.getByRole("main")).toContainText(price(p.price));
    await page.getByRole("navigation", { name: "Breadcrumb" }).getByRole("link", { name: "Catalogue" }).click();
    await expect(page).toHaveURL(/\/catalogue$/);
  }
});

test("a product's own page carries Product structured data, and unknown items are 404", async ({ request }) => {
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
});
