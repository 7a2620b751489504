import type { Page } from "@playwright/test";
import { expect, test } from "@playwright/test";

import { axeViolations } from "./axe";
import { headOf, openingTags, waitUntilReady } from "./support";

/**
 * List paging (decision 071) on the showcase's care FAQ (eight questions, five a page), and the
 * style guide at /demo_asdf (decision 072). Each runs with and without JavaScript.
 */

const FAQ = "showcase-care-faq";
const faqRegion = (page: Page) => page.getByRole("region", { name: "Looking after your timber" });

test("a long FAQ pages with « ‹ › » links, each page its own address", async ({ page, javaScriptEnabled }) => {
  await page.goto("/showcase");
  if (javaScriptEnabled) await waitUntilReady(page);
  const faq = faqRegion(page);
  await expect(faq.locator("details")).toHaveCount(5);
  await expect(faq.locator("summary").first()).toContainText("How often should I oil my spotted gum furniture?");
  const pages = faq.getByRole("navigation", { name: "Pages of Looking after your timber" });
  await expect(pages.getByRole("link", { name: "Page 1" })).toHaveAttribute("aria-current", "page");
  await expect(pages.getByRole("link", { name: "Previous page" })).toHaveCount(0);

  await pages.getByRole("link", { name: "Next page" }).click();
  await expect(page).toHaveURL(new RegExp(`/showcase\\?p-${FAQ}=2#${`faq-${FAQ}-heading`}$`));
  await expect(faq.locator("details")).toHaveCount(3);
  await expect(faq.locator("summary").last()).toContainText("Can you make a piece to a custom size?");
  await expect(pages.getByRole("link", { name: "Page 2" })).toHaveAttribute("aria-current", "page");
  await expect(pages.getByRole("link", { name: "Next page" })).toHaveCount(0);
  await expect(pages).toContainText("«");

  await pages.getByRole("link", { name: "First page" }).click();
  await expect(page).toHaveURL(new RegExp(`/showcase#faq-${FAQ}-heading$`));
  await expect(faq.locator("details")).toHaveCount(5);
});

test(
  "a paged address: canonical and rel=prev/next in the head; no such page is a 404",
  { tag: "@once" },
  async ({ request, baseURL }) => {
    const first = openingTags(headOf(await (await request.get("/showcase")).text()), "link");
    expect(first.find((l) => l.rel === "canonical")?.href).toBe(`${baseURL}/showcase`);
    expect(first.find((l) => l.rel === "next")?.href).toBe(`${baseURL}/showcase?p-${FAQ}=2`);
    expect(first.find((l) => l.rel === "prev")).toBeUndefined();

    const second = await request.get(`/showcase?p-${FAQ}=2&utm_source=news`);
    expect(second.status()).toBe(200);
    const links = openingTags(headOf(await second.text()), "link");
    expect(links.find((l) => l.rel === "canonical")?.href).toBe(`${baseURL}/showcase?p-${FAQ}=2`);
    expect(links.find((l) => l.rel === "prev")?.href).toBe(`${baseURL}/showcase`);
    expect(links.find((l) => l.rel === "next")).toBeUndefined();

    for (const bad of [`p-${FAQ}=3`, `p-${FAQ}=0`, `p-${FAQ}=two`, "p-no-such-list=2"]) {
      expect((await request.get(`/showcase?${bad}`)).status(), bad).toBe(404);
    }
  },
);

test.describe("the style guide", () => {
  test.use({ bypassCSP: true });

  test(
    "/demo_asdf answers with every state, noindex, outside the sitemap and the navigation",
    { tag: "@once" },
    async ({ page, request, javaScriptEnabled }) => {
      const response = await page.goto("/demo_asdf");
      expect(response?.status()).toBe(200);
      expect(response?.headers()["x-robots-tag"]).toBe("noindex");
      if (javaScriptEnabled) await waitUntilReady(page);
      await expect(page.locator('meta[name="robots"]')).toHaveAttribute("content", "noindex");
      await expect(page.getByRole("heading", { level: 1, name: "Style guide" })).toBeVisible();
      for (const name of ["Widgets as used", "Long text", "Empty", "Loading", "After a failed load", "Colours"]) {
        await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
      }
      await expect(page.locator('section[dir="rtl"]')).toContainText("أثاث خشبي مصنوع يدويًا");
      await expect(page.locator("section.dark")).toContainText("The dark theme");
      // Widgets rendered through the registry with what their real loads returned.
      await expect(page.getByText("core/testimonial_grid", { exact: true }).first()).toBeVisible();
      await expect(page.getByRole("heading", { name: "Questions, two a page" }).first()).toBeVisible();
      // axe runs as a script in the page: with JavaScript only.
      if (javaScriptEnabled) expect(await axeViolations(page)).toEqual([]);

      const sitemap = await (await request.get("/sitemap.xml")).text();
      expect(sitemap).not.toContain("demo_asdf");
      const home = await (await request.get("/")).text();
      expect(home).not.toContain("/demo_asdf");
    },
  );
});
