import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

import type { Page } from "@playwright/test";
import { expect, test } from "@playwright/test";

import { messages, SHOWCASE, SITE, stubMaps, waitUntilReady } from "./support";

/**
 * The showcase page (seeds/pages.json, url "showcase"): every widget and every wrapper option
 * with the seeded content. Runs with and without JavaScript.
 */

async function open(page: Page, path = "/showcase") {
  await stubMaps(page);
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

  test("a fixed (parallax) background is drawn from the image's formats", async ({ page }) => {
    await open(page);
    const backgrounds = page.locator(".md\\:bg-fixed, .motion-safe\\:lg\\:bg-fixed");
    expect(await backgrounds.count()).toBeGreaterThanOrEqual(1);
    for (const background of await backgrounds.all()) {
      const drawn = await background.evaluate((el) => getComputedStyle(el).backgroundImage);
      expect(drawn).toMatch(/^image-set\(url\("[^"]*\/assets\/i\/[0-9a-f]{32}\/[^"]+\.avif"\)/);
    }
  });

  test("shows only the blocks and widgets that are scheduled now", async ({ page }) => {
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

  test("a gallery photo opens large: in the lightbox with JavaScript, as the image itself without", async ({
    page,
    javaScriptEnabled,
  }) => {
    await open(page);
    const grid = page.locator('section[data-layout="grid"]').first();
    const first = grid.getByRole("link", { name: /Enlarge photo 1 of \d+$/ });
    await first.scrollIntoViewIfNeeded();
    const href = await first.getAttribute("href");
    expect(href).toMatch(/\/assets\/i\/[0-9a-f]{32}\/[\w]+\/1920\.(jpg|webp|avif)$/);
    if (javaScriptEnabled) {
      await waitUntilReady(page);
      await expect(grid).toHaveAttribute("data-lightbox", "ready");
      await first.click();
      const lightbox = page.locator(".pswp");
      await expect(lightbox).toBeVisible();
      await expect(lightbox.locator("img.pswp__img").first()).toBeVisible();
      // Escape closes it (PhotoSwipe ignores keys until its opening animation has ended: retry).
      await expect(async () => {
        await page.keyboard.press("Escape");
        await expect(lightbox).toHaveCount(0, { timeout: 1_000 });
      }).toPass({ timeout: 10_000 });
      await expect(page).toHaveURL(/\/showcase$/);
    } else {
      const [response] = await Promise.all([page.waitForResponse((r) => r.url().endsWith(href!)), first.click()]);
      expect(response.status()).toBe(200);
      expect(response.headers()["content-type"]).toMatch(/^image\//);
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
    // The gallery is the page: its name in the title, and the showcase's other rows step aside.
    await expect(page).toHaveTitle(`${SHOWCASE.gallery.heading}${SITE.titleSuffix}`);
    await expect(page.getByRole("heading", { name: SHOWCASE.gallery.heading }).first()).toBeInViewport();
    await expect(page.locator(`[data-enhance="slideshow"], [data-enhance="background-video"]`)).toHaveCount(0);
    await expect(page.getByRole("link", { name: /Enlarge photo 1 of \d+$/ }).first()).toBeVisible();
    // The gallery's way back, not the back-to-top arrow (shown once the page has scrolled).
    await page.getByRole("link", { name: /^Back to (?!top$)/ }).click();
    await expect(page).toHaveURL(/\/showcase$/);
  });

  test("is in the sitemap but linked from no menu", async ({ page, request }) => {
    const sitemap = await (await request.get("/sitemap.xml")).text();
    expect(sitemap).toMatch(/<loc>[^<]*\/showcase<\/loc>/);
    await open(page, "/");
    await expect(page.locator('header a[href="/showcase"], footer a[href="/showcase"]')).toHaveCount(0);
  });

  test("an unknown gallery under the showcase is a 404", async ({ page }) => {
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

  test("the slideshow at the page's end starts only once it comes near the screen", async ({
    page,
    javaScriptEnabled,
  }) => {
    test.skip(!javaScriptEnabled, "Swiper runs only with JavaScript");
    await open(page);
    await waitUntilReady(page);
    const hero = page.locator(".hero");
    // Loaded and run, but the slideshow waits: the page's load did not pay for it.
    await expect(hero).toHaveAttribute("data-slideshow", "waiting");
    await expect(page.locator(".hero.swiper-initialized")).toHaveCount(0);
    await hero.scrollIntoViewIfNeeded();
    await expect(page.locator(".hero.swiper-initialized")).toHaveCount(1);
  });

  test("renders right-to-left in Arabic and in the dark theme", async ({ page }) => {
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
  const axeSource = readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");

  async function axeViolations(page: Page) {
    await page.addScriptTag({ content: axeSource });
    return page.evaluate(async () => {
      const axe = (
        window as unknown as {
          axe: {
            run: (
              ctx: unknown,
              opts: unknown,
            ) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }>;
          };
        }
      ).axe;
      const result = await axe.run(document, { resultTypes: ["violations"] });
      return result.violations.map(
        (v) =>
          `${v.id} (${v.impact}): ${v.nodes
            .map((n) => n.target.join(" "))
            .slice(0, 5)
            .join(", ")}`,
      );
    });
  }

  for (const [name, query] of [
    ["light", "?theme=light"],
    ["dark", "?theme=dark"],
    ["Arabic", "?lng=ar"],
  ] as const) {
    test(`has no axe violations (${name})`, async ({ page }) => {
      await page.emulateMedia({ reducedMotion: "reduce" });
      await open(page, `/showcase${query}`);
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

  test("loads without layout shift", async ({ page }) => {
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
