import type { Page } from "@playwright/test";
import { expect, test } from "@playwright/test";

import { axeViolations } from "./axe";
import { messages, SHOWCASE, SITE, waitUntilReady } from "./support";

/**
 * The showcase page (seeds/pages.json, url "showcase"): every widget and every wrapper option
 * with the seeded content. Runs with and without JavaScript.
 */

/**
 * A photo's own page, as a visitor without the lightbox gets it: the site's header, the gallery's
 * name as the h1, "Photo N of M", the photo itself (loaded), and its title. Gives the gallery's name.
 */
async function expectPhotoPage(page: Page, want: { gallery?: string; number: number; count?: number }) {
  await expect(page).toHaveURL(new RegExp(`[?&]photo=${want.number}(#photo)?$`));
  await expect(page.getByRole("banner")).toBeVisible();
  await expect(page.getByRole("banner").getByRole("link", { name: SITE.name })).toBeVisible();
  const h1 = page.getByRole("heading", { level: 1 });
  if (want.gallery) await expect(h1).toHaveText(want.gallery);
  const gallery = (await h1.textContent())!.trim();
  await expect(page).toHaveTitle(`${gallery} – photo ${want.number}${SITE.titleSuffix}`);
  await expect(page.getByText(new RegExp(`^Photo ${want.number} of ${want.count ?? "\\d+"}$`))).toBeVisible();
  const photo = page.locator("#photo figure img");
  await expect(photo).toBeVisible();
  await expect.poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0)).toBe(true);
  return gallery;
}

async function open(page: Page, path = "/showcase") {
  const response = await page.goto(path);
  expect(response?.status()).toBe(200);
  return response!;
}

test.describe("showcase page", () => {
  test("shows every widget's content", async ({ page }) => {
    await open(page);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(SHOWCASE.h1);
    for (const heading of SHOWCASE.headings) {
      await expect(page.getByRole("heading", { name: heading, exact: true }).first()).toBeVisible();
    }
    for (const person of SHOWCASE.people) await expect(page.getByRole("heading", { name: person })).toBeVisible();
    for (const text of SHOWCASE.texts) await expect(page.getByText(text).first()).toBeVisible();
    // The rating is read out, not just drawn.
    await expect(page.getByRole("img", { name: /^Rated [1-5] out of 5$/ }).first()).toBeVisible();
    // The map embed and the catalogue promotion.
    await expect(page.locator('iframe[src^="https://maps.google.com.au/"]')).toHaveCount(1);
    await expect(page.getByRole("link", { name: /View Now/ }).first()).toBeVisible();
  });

  test("a fixed (parallax) background is drawn from the image's formats", { tag: "@once" }, async ({ page }) => {
    await open(page);
    const backgrounds = page.locator(".md\\:bg-fixed, .motion-safe\\:lg\\:bg-fixed");
    expect(await backgrounds.count()).toBeGreaterThanOrEqual(1);
    for (const background of await backgrounds.all()) {
      const drawn = await background.evaluate((el) => getComputedStyle(el).backgroundImage);
      expect(drawn).toMatch(/^image-set\(url\("[^"]*\/assets\/i\/[0-9a-f]{32}\/[^"]+\.avif"\)/);
    }
  });

  test("shows only the blocks and widgets that are scheduled now", { tag: "@once" }, async ({ page }) => {
    const response = await open(page);
    await expect(page.getByText(SHOWCASE.scheduled.shown)).toBeVisible();
    const html = await response.text();
    for (const text of SHOWCASE.scheduled.hidden) {
      await expect(page.getByText(text)).toHaveCount(0);
      // Not in the hydration data either.
      expect(html).not.toContain(text);
    }
  });

  test("every frame is visible once scrolled to (and at once without JavaScript)", async ({
    page,
    javaScriptEnabled,
  }) => {
    await open(page);
    const frames = page.locator("[data-aos]");
    expect(await frames.count()).toBeGreaterThanOrEqual(5);
    for (const frame of await frames.all()) {
      await frame.scrollIntoViewIfNeeded();
      await expect(frame).toHaveCSS("opacity", "1");
    }
    expect(await page.evaluate(() => document.documentElement.hasAttribute("data-aos-on"))).toBe(javaScriptEnabled);
  });

  test("tabs switch by link, and the FAQ opens one answer at a time", async ({ page, javaScriptEnabled }) => {
    await open(page);
    if (javaScriptEnabled) await waitUntilReady(page);
    const tabs = page.getByRole("tablist");
    await expect(tabs.getByRole("tab")).toHaveText(["Timber care", "Delivery", "Warranty and links"]);

    const [first, second] = SHOWCASE.faq;
    await page.getByText(first.question).click();
    await expect(page.getByText(first.answer)).toBeVisible();
    await page.getByText(second.question).click();
    await expect(page.getByText(second.answer)).toBeVisible();
    await expect(page.getByText(first.answer)).toBeHidden();

    // The other tabs' content is in the page already, hidden until its tab is chosen.
    await expect(page.getByText("Brisbane: $70")).toHaveCount(1);
    await expect(page.getByText("Brisbane: $70")).toBeHidden();
    await tabs.getByRole("tab", { name: "Delivery" }).click();
    await expect(page).toHaveURL(/tab=Delivery/);
    await expect(page.getByText("Brisbane: $70")).toBeVisible();
    await expect(page.getByText(first.question)).toBeHidden();

    await page.getByRole("tab", { name: "Warranty and links" }).click();
    await expect(page.getByText("How long is the warranty?")).toBeVisible();
    await expect(page.getByRole("heading", { name: "Links" })).toBeVisible();
  });

  test("a gallery photo opens large: in the lightbox in place with JavaScript, on its own page without", async ({
    page,
    javaScriptEnabled,
  }) => {
    await open(page);
    const grid = page.locator('section[data-layout="grid"]').first();
    const first = grid.getByRole("link", { name: /Enlarge photo 1 of \d+$/ });
    await first.scrollIntoViewIfNeeded();
    // The link is the photo's page on this site; the lightbox takes the large image from data-pswp-*.
    expect(await first.getAttribute("href")).toBe("/showcase?gallery=showcase-gallery-grid&photo=1");
    expect(await first.getAttribute("data-pswp-src")).toMatch(/\/assets\/i\/[0-9a-f]{32}\/\w+\/1920\.webp$/);
    if (javaScriptEnabled) {
      await waitUntilReady(page);
      await expect(grid).toHaveAttribute("data-lightbox", "ready");
      await first.click();
      const lightbox = page.locator(".pswp");
      await expect(lightbox).toBeVisible();
      await expect(lightbox.locator("img.pswp__img").first()).toBeVisible();
      await expect(lightbox.locator("img.pswp__img").first()).toHaveAttribute("src", /\/1920\.webp$/);
      // Escape closes it (PhotoSwipe ignores keys until its opening animation has ended: retry).
      await expect(async () => {
        await page.keyboard.press("Escape");
        await expect(lightbox).toHaveCount(0, { timeout: 1_000 });
      }).toPass({ timeout: 10_000 });
      await expect(page).toHaveURL(/\/showcase$/);
    } else {
      await first.click();
      await expectPhotoPage(page, { gallery: SHOWCASE.galleryGrid, number: 1 });
    }
  });

  test("without JavaScript a photo's page goes on, back, and returns to the gallery's place", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(javaScriptEnabled, "with JavaScript the lightbox opens the photo in place");
    await open(page);
    const shadow = page.locator("#gallery-showcase-gallery-shadow");
    const count = await shadow.getByRole("link", { name: /Enlarge photo \d+ of \d+$/ }).count();
    await shadow.getByRole("link", { name: /Enlarge photo 2 of \d+$/ }).click();
    const heading = await expectPhotoPage(page, { number: 2, count });
    const photoLinks = page.getByRole("navigation", { name: `Photos of ${heading}` });
    await photoLinks.getByRole("link", { name: "Next photo" }).click();
    await expectPhotoPage(page, { number: 3, count });
    await page.getByRole("link", { name: "Previous photo" }).click();
    await expectPhotoPage(page, { number: 2, count });
    await page.getByRole("link", { name: `Back to ${heading}` }).click();
    await expect(page).toHaveURL(/\/showcase#gallery-showcase-gallery-shadow$/);
    await expect(shadow).toBeInViewport();
  });

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1366, height: 900 },
  ]) {
    test(
      `a photo's page fits a ${viewport.width} px screen: the photo in the first screen, nothing sideways`,
      { tag: "@once" },
      async ({ page }) => {
        await page.setViewportSize(viewport);
        await open(page, "/showcase?gallery=showcase-gallery-grid&photo=2");
        const photo = page.locator("#photo figure img");
        await expect(photo).toBeVisible();
        await expect
          .poll(() => photo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 0))
          .toBe(true);
        const box = (await photo.boundingBox())!;
        expect(box.x).toBeGreaterThanOrEqual(0);
        expect(box.x + box.width).toBeLessThanOrEqual(viewport.width);
        expect(box.y + box.height).toBeLessThanOrEqual(viewport.height);
        expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
      },
    );
  }

  test(
    "every gallery's thumbnails open pages of this site, never the raw files",
    { tag: "@once" },
    async ({ page }) => {
      await open(page);
      const thumbnails = page.locator("section[data-layout] a:has(img)");
      expect(await thumbnails.count()).toBeGreaterThanOrEqual(15);
      for (const href of await thumbnails.evaluateAll((as) => as.map((a) => a.getAttribute("href")))) {
        expect(href).toMatch(/^\/showcase\?gallery=showcase-gallery-[a-z]+&photo=\d+$/);
      }
    },
  );

  test("a photo that is not there is a 404", { tag: "@once" }, async ({ page }) => {
    for (const query of [
      "gallery=showcase-gallery-grid&photo=99",
      "gallery=no-such-gallery&photo=1",
      "gallery=showcase-gallery-grid",
    ]) {
      expect((await page.goto(`/showcase?${query}`))?.status(), query).toBe(404);
    }
  });

  test("the slider shows its photos in a row that scrolls, with buttons when JavaScript runs", async ({
    page,
    javaScriptEnabled,
  }) => {
    // Narrow enough that the photos do not all fit.
    await page.setViewportSize({ width: 700, height: 900 });
    await open(page);
    const slider = page.locator('section[data-layout="slider"]');
    await slider.scrollIntoViewIfNeeded();
    const photos = slider.getByRole("link", { name: /Enlarge photo \d+ of \d+$/ });
    expect(await photos.count()).toBeGreaterThanOrEqual(3);
    await expect(photos.first()).toBeVisible();
    const next = slider.getByRole("button", { name: "Next" });
    if (!javaScriptEnabled) {
      await expect(next).toHaveCount(0);
      return;
    }
    await waitUntilReady(page);
    const track = slider.locator("ul, ol, [data-track]").first();
    const before = await track.evaluate((el) => el.scrollLeft);
    await next.click();
    await expect.poll(() => track.evaluate((el) => el.scrollLeft)).not.toBe(before);
  });

  test("a gallery of the group opens on its own page and leads back", async ({ page }) => {
    await open(page);
    const card = page
      .getByRole("listitem")
      .filter({ has: page.getByRole("heading", { name: SHOWCASE.gallery.heading, exact: true }) })
      .getByRole("link", { name: "View gallery" });
    await card.scrollIntoViewIfNeeded();
    await card.click();
    await expect(page).toHaveURL(new RegExp(`/showcase/${SHOWCASE.gallery.url}$`));
    // The gallery is the page: its name in the title and the h1, and the showcase's other rows step aside.
    await expect(page).toHaveTitle(`${SHOWCASE.gallery.heading}${SITE.titleSuffix}`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(SHOWCASE.gallery.heading);
    await expect(page.getByRole("heading", { level: 1 })).toBeInViewport();
    await expect(page.locator(`[data-enhance="slideshow"], [data-enhance="background-video"]`)).toHaveCount(0);
    await expect(page.getByRole("link", { name: /Enlarge photo 1 of \d+$/ }).first()).toBeVisible();
    // The gallery's way back, not the back-to-top arrow (shown once the page has scrolled): to the cards.
    await page.getByRole("link", { name: /^Back to (?!top$)/ }).click();
    await expect(page).toHaveURL(/\/showcase#gallery-group-showcase-galleries$/);
    await expect(card).toBeInViewport();
  });

  test("a gallery page's photo opens its own page, which leads back to the gallery page", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(javaScriptEnabled, "with JavaScript the lightbox opens the photo in place");
    const galleryPath = `/showcase/${SHOWCASE.gallery.url}`;
    await open(page, galleryPath);
    await page.getByRole("link", { name: /Enlarge photo 3 of \d+$/ }).click();
    await expect(page).toHaveURL(`${galleryPath}?gallery=showcase-galleries&photo=3`);
    await expectPhotoPage(page, { gallery: SHOWCASE.gallery.heading, number: 3 });
    await page.getByRole("link", { name: `Back to ${SHOWCASE.gallery.heading}` }).click();
    await expect(page).toHaveURL(`${galleryPath}#gallery-showcase-galleries`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(SHOWCASE.gallery.heading);
  });

  test("is in the sitemap but linked from no menu", { tag: "@once" }, async ({ page, request }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toMatch(/<loc>[^<]*\/showcase<\/loc>/);
    await open(page, "/");
    await expect(page.locator('header a[href="/showcase"], footer a[href="/showcase"]')).toHaveCount(0);
  });

  test("an unknown gallery under the showcase is a 404", { tag: "@once" }, async ({ page }) => {
    expect((await page.goto("/showcase/no-such-gallery"))?.status()).toBe(404);
  });

  test("the hero quote's video waits for the page and can be paused", async ({ page, javaScriptEnabled }) => {
    await open(page);
    const video = page.locator("#our-promise video, [data-widget='hero_quote'] video").first();
    await expect(video).toHaveAttribute("preload", "none");
    await expect(video).toHaveAttribute("poster", /\/assets\/i\//);
    await expect(video.locator("source")).toHaveAttribute("src", /^\/v\/\d+\.mp4$/);
    const pause = page.locator("#our-promise").getByRole("button", { name: "Pause the background video" });
    if (!javaScriptEnabled) {
      await expect(pause).toHaveCount(0);
      return;
    }
    await expect(pause).toBeVisible();
    await pause.click();
    await expect(page.locator("#our-promise").getByRole("button", { name: "Play the background video" })).toBeVisible();
  });

  test(
    "the slideshow at the page's end starts only once it comes near the screen",
    { tag: "@once" },
    async ({ page, javaScriptEnabled }) => {
      test.skip(!javaScriptEnabled, "Swiper runs only with JavaScript");
      await open(page);
      await waitUntilReady(page);
      const hero = page.locator(".hero");
      // Loaded and run, but the slideshow waits: the page's load did not pay for it.
      await expect(hero).toHaveAttribute("data-slideshow", "waiting");
      await expect(page.locator(".hero.swiper-initialized")).toHaveCount(0);
      await hero.scrollIntoViewIfNeeded();
      await expect(page.locator(".hero.swiper-initialized")).toHaveCount(1);
    },
  );

  test("renders right-to-left in Arabic and in the dark theme", { tag: "@once" }, async ({ page }) => {
    await open(page, "/showcase?lng=ar&theme=dark");
    await expect(page.locator("html")).toHaveAttribute("dir", "rtl");
    await expect(page.locator("html")).toHaveClass(/dark/);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(SHOWCASE.h1);
    // Interface strings are Arabic: the stars are read out in Arabic.
    await expect(
      page.getByRole("img", { name: messages("ar")["widgets.rating"].replace("{{rating}}", "5") }).first(),
    ).toBeVisible();
  });
});

test.describe("showcase page quality", () => {
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "axe and the layout-shift observer run in the page");
  // axe-core is injected as a script; the page's CSP allows only its own.
  test.use({ bypassCSP: true, viewport: { width: 1280, height: 800 } });
  for (const [name, path] of [
    ["light", "/showcase?theme=light"],
    ["dark", "/showcase?theme=dark"],
    ["Arabic", "/showcase?lng=ar"],
    ["a photo's page, dark", "/showcase?gallery=showcase-gallery-shadow&photo=2&theme=dark"],
    ["a gallery's page", `/showcase/${SHOWCASE.gallery.url}`],
  ] as const) {
    test(`has no axe violations (${name})`, { tag: "@once" }, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await open(page, path);
      await waitUntilReady(page);
      // Lazy images load as they come into view: scroll through once so the page is complete.
      await page.evaluate(async () => {
        for (let y = 0; y < document.body.scrollHeight; y += 600) {
          window.scrollTo(0, y);
          await new Promise((r) => setTimeout(r, 50));
        }
        window.scrollTo(0, 0);
      });
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test("loads without layout shift", { tag: "@once" }, async ({ page }) => {
    await open(page);
    await page.waitForLoadState("load");
    const cls = await page.evaluate(
      () =>
        new Promise<number>((resolve) => {
          let total = 0;
          new PerformanceObserver((list) => {
            for (const entry of list.getEntries() as unknown as { value: number; hadRecentInput: boolean }[]) {
              if (!entry.hadRecentInput) total += entry.value;
            }
          }).observe({ type: "layout-shift", buffered: true });
          setTimeout(() => resolve(total), 1500);
        }),
    );
    expect(cls).toBeLessThan(0.02);
  });
});
