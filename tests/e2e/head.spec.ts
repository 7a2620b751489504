import type { APIRequestContext } from "@playwright/test";
import { expect, test } from "@playwright/test";
import sharp from "sharp";

import { DOMAIN_SETTINGS, headOf, openingTags, openWithRuntime, PAGES, SEED_PAGES, SHOWCASE, SITE } from "./support";

/**
 * What a crawler or a link preview reads: the served <head> (view-source, no JavaScript involved),
 * sitemap.xml and robots.txt. Read with `request`: the same bytes with or without JavaScript, so
 * the file runs once (ONCE_FILES in playwright.config.ts).
 */

const suffix = String(DOMAIN_SETTINGS.seo_title_suffix);
/** seeds/domain.json theme_colour and dark_theme_colour. */
const LIGHT_COLOUR = "#7c4a1e";
const DARK_COLOUR = "#1c1410";
const seed = (url: string) => {
  const entry = SEED_PAGES.find((p) => p.url === url);
  if (!entry) throw new Error(`no seeded page ${url}`);
  return entry;
};

function parseHead(html: string) {
  const head = headOf(html);
  const metas = openingTags(head, "meta");
  const links = openingTags(head, "link");
  const titles = [...head.matchAll(/<title>([^<]*)<\/title>/g)].map((m) => m[1]);
  const jsonLd = [...html.matchAll(/<script type="application\/ld\+json">([\s\S]*?)<\/script>/g)].map(
    (m) => JSON.parse(m[1]) as unknown,
  );
  const metaNamed = (key: string) => metas.filter((m) => m.name === key || m.property === key);
  return { metas, links, titles, jsonLd, metaNamed };
}

type Node = Record<string, unknown> & { "@type": string };

test.describe("page head (view-source)", () => {
  test("/about: title, description, canonical, theme colours, icons and social cards", async ({ request, baseURL }) => {
    const response = await request.get(PAGES.about.path);
    expect(response.status()).toBe(200);
    const head = parseHead(await response.text());
    const origin = new URL(baseURL!).origin;
    const title = `${seed("about").seo_title}${suffix}`;
    expect(title).toBe("About Our Family Workshop | Dovetail Outdoor Furniture");

    expect(head.titles).toEqual([title]);
    const description = seed("about").meta_description!;
    expect(head.metaNamed("description").map((m) => m.content)).toEqual([description]);

    const canonical = head.links.filter((l) => l.rel === "canonical");
    expect(canonical.map((l) => l.href)).toEqual([`${origin}/about`]);

    // No theme chosen: the browser chrome follows the device, one colour for each scheme.
    const themeColours = head.metaNamed("theme-color").map((m) => ({ content: m.content, media: m.media }));
    expect(themeColours).toEqual([
      { content: LIGHT_COLOUR, media: "(prefers-color-scheme: light)" },
      { content: DARK_COLOUR, media: "(prefers-color-scheme: dark)" },
    ]);

    const icons = head.links.filter((l) => l.rel === "icon").map((l) => ({ href: l.href, media: l.media }));
    expect(icons).toEqual(
      expect.arrayContaining([
        { href: DOMAIN_SETTINGS.favicon, media: "(prefers-color-scheme: light)" },
        { href: DOMAIN_SETTINGS.favicon_dark, media: "(prefers-color-scheme: dark)" },
      ]),
    );
    // The favicons are real files.
    for (const icon of icons) expect((await request.get(icon.href)).status(), icon.href).toBe(200);

    expect(head.metaNamed("og:title").map((m) => m.content)).toEqual([title]);
    expect(head.metaNamed("og:url").map((m) => m.content)).toEqual([`${origin}/about`]);
    expect(head.metaNamed("og:description").map((m) => m.content)).toEqual([description]);
    // A page of words: link previews show the organisation's logo on the brand colour.
    expect(head.metaNamed("twitter:card").map((m) => m.content)).toEqual(["summary_large_image"]);
    expect(head.metaNamed("og:image").map((m) => m.content)).toEqual([
      expect.stringMatching(
        new RegExp(`^${origin}/assets/i/[0-9a-f]{32}/1200x630-${LIGHT_COLOUR.slice(1)}/1200\\.jpg$`),
      ),
    ]);
    expect(head.metaNamed("og:image:alt").map((m) => m.content)).toEqual([SITE.name]);
    expect(head.metaNamed("robots")).toEqual([]);
  });

  test("a tab's address (?tab=) names the page itself as canonical", async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    for (const path of ["/about?tab=Our%20timber", "/about?tab=Our+warranty&utm_source=mail"]) {
      const response = await request.get(path);
      expect(response.status()).toBe(200);
      const head = parseHead(await response.text());
      expect(
        head.links.filter((l) => l.rel === "canonical").map((l) => l.href),
        path,
      ).toEqual([`${origin}/about`]);
      expect(
        head.metaNamed("og:url").map((m) => m.content),
        path,
      ).toEqual([`${origin}/about`]);
    }
  });

  test("choosing the dark theme leaves one theme colour, the dark one", async ({ request }) => {
    const chosen = parseHead(await (await request.get("/about?theme=dark")).text());
    expect(chosen.metaNamed("theme-color").map((m) => ({ content: m.content, media: m.media }))).toEqual([
      { content: DARK_COLOUR, media: undefined },
    ]);
    // Remembered: a plain request with the cookie gets the same.
    const later = parseHead(await (await request.get("/about")).text());
    expect(later.metaNamed("theme-color").map((m) => m.content)).toEqual([DARK_COLOUR]);
  });

  test("/about has exactly one JSON-LD graph: Organization, WebSite with search, AboutPage", async ({
    request,
    baseURL,
  }) => {
    const html = await (await request.get(PAGES.about.path)).text();
    const { jsonLd } = parseHead(html);
    expect(jsonLd).toHaveLength(1);
    const graph = (jsonLd[0] as { "@context": string; "@graph": Node[] })["@graph"];
    expect((jsonLd[0] as { "@context": string })["@context"]).toBe("https://schema.org");
    const origin = new URL(baseURL!).origin;
    const ofType = (type: string) => graph.filter((n) => n["@type"] === type);

    expect(ofType("Organization")).toHaveLength(1);
    const org = ofType("Organization")[0];
    expect(org.name).toBe(SITE.name);
    expect(org.taxID).toBe(SITE.abn);
    expect(org.email).toBe(SITE.email);
    expect(org.telephone).toBe(SITE.phone);
    expect(org.address).toMatchObject({
      "@type": "PostalAddress",
      streetAddress: DOMAIN_SETTINGS.organisation_address,
    });
    expect(org.sameAs).toEqual(
      expect.arrayContaining([
        DOMAIN_SETTINGS.facebook,
        DOMAIN_SETTINGS.instagram,
        DOMAIN_SETTINGS.pinterest,
        DOMAIN_SETTINGS.youtube,
      ]),
    );

    expect(ofType("WebSite")).toHaveLength(1);
    const site = ofType("WebSite")[0] as Node & {
      potentialAction: { "@type": string; target: { urlTemplate: string } };
    };
    expect(site.url).toBe(`${origin}/`);
    expect(site.potentialAction["@type"]).toBe("SearchAction");
    expect(site.potentialAction.target.urlTemplate).toBe(`${origin}/search/{search_term_string}`);

    const pages = graph.filter((n) => /Page$/.test(n["@type"]));
    expect(pages.map((p) => p["@type"])).toEqual(["AboutPage"]);
    expect(pages[0].url).toBe(`${origin}/about`);
    expect(pages[0].name).toBe(seed("about").seo_title);
  });

  test("/delivery is a plain WebPage", async ({ request, baseURL }) => {
    const { jsonLd } = parseHead(await (await request.get(PAGES.delivery.path)).text());
    expect(jsonLd).toHaveLength(1);
    const graph = (jsonLd[0] as { "@graph": Node[] })["@graph"];
    const pages = graph.filter((n) => /Page$/.test(n["@type"]));
    expect(pages.map((p) => p["@type"])).toEqual(["WebPage"]);
    expect(pages[0].url).toBe(`${new URL(baseURL!).origin}/delivery`);
  });

  test("a product page's breadcrumb names the catalogue and its category", async ({ request, baseURL }) => {
    const origin = new URL(baseURL!).origin;
    const path = "/catalogue/table-settings/palmwoods-square-setting";
    const { jsonLd, titles } = parseHead(await (await request.get(path)).text());
    const graph = (jsonLd[0] as { "@graph": Node[] })["@graph"];
    const breadcrumb = graph.find((n) => n["@type"] === "BreadcrumbList") as
      { itemListElement: { name: string; item: string }[] } | undefined;
    expect(breadcrumb?.itemListElement.map((i) => [i.name, i.item])).toEqual([
      ["Home", `${origin}/`],
      [PAGES.catalogue.seoTitle, `${origin}/catalogue`],
      ["Table settings", `${origin}/catalogue/table-settings`],
      [expect.stringMatching(/^Palmwoods/), `${origin}${path}`],
    ]);
    expect(titles[0]).toMatch(/^Palmwoods/);
  });

  test("the 404 page asks not to be indexed and is titled 'Page not found'", async ({ request }) => {
    const response = await request.get("/no-such-page");
    expect(response.status()).toBe(404);
    const head = parseHead(await response.text());
    expect(head.titles).toEqual([`Page not found${suffix}`]);
    expect(head.metaNamed("robots").map((m) => m.content)).toEqual(["noindex"]);
    // Not a page of its own: no canonical address.
    expect(head.links.filter((l) => l.rel === "canonical")).toEqual([]);
  });
});

/** The share image a page's head names, checked as a link preview reads it. */
async function shareImageOf(request: APIRequestContext, path: string) {
  const response = await request.get(path);
  expect(response.status(), path).toBe(200);
  const head = parseHead(await response.text());
  const one = (key: string) => {
    const values = head.metaNamed(key).map((m) => m.content);
    expect(values, `${path} ${key}`).toHaveLength(1);
    return values[0];
  };
  const image = one("og:image");
  expect(one("twitter:image"), path).toBe(image);
  expect(one("twitter:card"), path).toBe("summary_large_image");
  expect([one("og:image:width"), one("og:image:height"), one("og:image:type")], path).toEqual([
    "1200",
    "630",
    "image/jpeg",
  ]);
  expect(one("og:image:alt"), path).not.toBe("");
  return {
    image,
    type: one("og:type"),
    title: head.titles[0],
    canonical: head.links.find((l) => l.rel === "canonical"),
  };
}

test.describe("share images", () => {
  // Read with `request`: the same bytes in both projects, so once is enough.
  test.skip(({ javaScriptEnabled }) => !javaScriptEnabled, "what a link preview reads involves no browser");
  test.setTimeout(180_000);

  test("every page, a gallery's and a photo's too, names a 1200x630 image the site serves", async ({
    request,
    baseURL,
  }) => {
    const origin = new URL(baseURL!).origin;
    const sitemap = await (await request.get("/sitemap.xml")).text();
    const paths = [...sitemap.matchAll(/<loc>([^<]+)<\/loc>/g)].map((m) => new URL(m[1]).pathname);
    expect(paths.length).toBeGreaterThan(40);
    const gallery = `/showcase/${SHOWCASE.gallery.url}`;
    const photo = "/showcase?gallery=showcase-gallery-grid&photo=2";
    const images = new Map<string, string>();
    for (const path of [...paths, gallery, photo]) {
      const { image, type } = await shareImageOf(request, path);
      expect(image, path).toMatch(new RegExp(`^${origin}/assets/i/[0-9a-f]{32}/1200x630(-[0-9a-f]{6})?/1200\\.jpg$`));
      // Products are typed as such for link previews; every other page is a website.
      expect(type, path).toBe(/^\/catalogue\/[^/]+\/[^/]+$/.test(path) ? "product" : "website");
      images.set(image, path);
    }
    // Pages with pictures show their own, not all the brand card.
    expect(images.size).toBeGreaterThan(30);
    for (const [image, path] of images) {
      const response = await request.get(image);
      expect(response.status(), `${image} (${path})`).toBe(200);
      expect(response.headers()["content-type"]).toBe("image/jpeg");
      expect(response.headers()["cache-control"], image).toMatch(/public, max-age=\d{6,}/);
      const { width, height, format } = await sharp(await response.body()).metadata();
      expect({ width, height, format }, `${image} (${path})`).toEqual({ width: 1200, height: 630, format: "jpeg" });
    }
  });

  test("a page's own picture stands for it: the home hero, a product's photo, a gallery's first photo", async ({
    request,
  }) => {
    const card = (await shareImageOf(request, PAGES.about.path)).image;
    const home = await shareImageOf(request, "/");
    const product = await shareImageOf(request, "/catalogue/table-settings/palmwoods-square-setting");
    const gallery = await shareImageOf(request, `/showcase/${SHOWCASE.gallery.url}`);
    for (const own of [home, product, gallery]) {
      expect(own.image).not.toBe(card);
      expect(own.image).toMatch(/\/1200x630\/1200\.jpg$/);
    }
    expect(product.type).toBe("product");
    // The product page keeps its JSON-LD Product.
    const html = await (await request.get("/catalogue/table-settings/palmwoods-square-setting")).text();
    expect(html).toMatch(/"@type":"Product"/);
  });

  test("a photo's page is named after its photo and is its own canonical address", async ({ request, baseURL }) => {
    const path = "/showcase?gallery=showcase-gallery-grid&photo=2";
    const { title, canonical, image } = await shareImageOf(request, path);
    expect(title).toBe(`${SHOWCASE.galleryGrid} – photo 2${suffix}`);
    expect(canonical?.href).toBe(`${new URL(baseURL!).origin}${path}`);
    // The photo itself is the preview.
    const first = await shareImageOf(request, "/showcase?gallery=showcase-gallery-grid&photo=1");
    expect(first.image).not.toBe(image);
  });
});

test.describe("crawler files", () => {
  test("every sitemap entry has a location, a date and a priority", async ({ request, baseURL }) => {
    const response = await request.get("/sitemap.xml");
    expect(response.status()).toBe(200);
    const xml = await response.text();
    const origin = new URL(baseURL!).origin;
    const entries = [...xml.matchAll(/<url>([\s\S]*?)<\/url>/g)].map(([, body]) => ({
      loc: body.match(/<loc>([^<]*)<\/loc>/)?.[1],
      lastmod: body.match(/<lastmod>([^<]*)<\/lastmod>/)?.[1],
      priority: body.match(/<priority>([^<]*)<\/priority>/)?.[1],
    }));
    expect(entries.length).toBeGreaterThan(0);
    for (const entry of entries) {
      expect(entry.loc, JSON.stringify(entry)).toMatch(new RegExp(`^${origin}/`));
      expect(entry.lastmod, `${entry.loc} lastmod`).toMatch(/^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/);
      expect(entry.priority, `${entry.loc} priority`).toMatch(/^(0\.\d|1\.0)$/);
    }
    const priority = (path: string) => entries.find((e) => e.loc === `${origin}${path}`)?.priority;
    expect(priority("/")).toBe("1.0");
    for (const page of [PAGES.about, PAGES.catalogue, PAGES.delivery, PAGES.whereToFindUs])
      expect(priority(page.path), page.path).toBe("0.9");
    // Categories are /catalogue/{group} (0.8); products one level down (0.7).
    const categories = entries.filter((e) => /\/catalogue\/[^/]+$/.test(e.loc ?? ""));
    expect(categories).toHaveLength(6);
    for (const c of categories) expect(c.priority, c.loc).toBe("0.8");
    const productEntries = entries.filter((e) => /\/catalogue\/[^/]+\/[^/]+$/.test(e.loc ?? ""));
    expect(productEntries.length).toBeGreaterThan(20);
    for (const p of productEntries) expect(p.priority, p.loc).toBe("0.7");
    // Each address once.
    expect(new Set(entries.map((e) => e.loc)).size).toBe(entries.length);
  });

  test("robots.txt names the sitemap's address", async ({ request, baseURL }) => {
    const body = await (await request.get("/robots.txt")).text();
    const sitemapLines = body.split("\n").filter((l) => /^sitemap:/i.test(l));
    expect(sitemapLines).toEqual([`Sitemap: ${new URL(baseURL!).origin}/sitemap.xml`]);
  });
});

test("after a client-side navigation, the head is the new page's", async ({ page, javaScriptEnabled }) => {
  test.skip(!javaScriptEnabled, "without JavaScript every page arrives with its own head");
  // The catalogue ships no runtime of its own (decision 036): reach it from the sign-in page, which has.
  await openWithRuntime(page, PAGES.catalogue.path);
  await page.getByRole("main").locator('a[href="/catalogue/table-settings"]').first().click();
  await expect(page).toHaveURL(/\/catalogue\/table-settings$/);
  await expect(page).toHaveTitle(`Table settings${suffix}`);
  await expect(page.locator('meta[name="description"]')).toHaveAttribute("content", /^Hand-made timber outdoor dining/);
  await expect(page.locator('link[rel="canonical"]')).toHaveAttribute("href", /\/catalogue\/table-settings$/);
});
