import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";

import type { Page } from "@playwright/test";
import { expect } from "@playwright/test";

import { LANGUAGES } from "../../cms/contract/languages";

/** SESSION_SECRET of the journeys' server (playwright.config.ts), so a test can seal a session. */
export const E2E_SESSION_SECRET = "e2e-session-secret-0123456789-abcdefghijklmnop";

/** The shop server's Stripe webhook secret (tests/e2e/servers.ts): the Stripe-shaped server signs with it. */
export const E2E_STRIPE_WEBHOOK_SECRET = "whsec_dovetail_journeys_0123456789";

/** The Stripe-shaped server of the shop's journeys: on the port after the four servers'. */
export const stripeUrl = () => `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 3100) + 4}`;

/** What the Stripe-shaped server was asked: its sessions (amounts charged) and refunds. */
export async function stripeState(): Promise<{
  sessions: Array<{ id: string; amount_total: number; status: string; payment_intent: string | null }>;
  refunds: Array<{ id: string; amount: number; payment_intent: string }>;
}> {
  return (await fetch(`${stripeUrl()}/_test/state`)).json();
}

/** The seeded site's identity, as a visitor sees it. */
export const SITE = {
  name: "Dovetail Outdoor Furniture",
  titleSuffix: " | Dovetail Outdoor Furniture",
  abn: "51 824 753 556",
  phone: "07 5446 0000",
  email: "hello@dovetail.example.com",
};

/** The header navigation, in order (seeds/links.json, parent "header"). */
export const HEADER_LINKS = ["Home", "About", "Catalogue", "Delivery", "Gift vouchers", "Where to find us"];

/** Seeded pages: path, h1 and the sitemap's seo_title (the document title before the suffix). */
export const PAGES = {
  home: {
    path: "/",
    h1: "Outdoor furniture made by hand on the Sunshine Coast",
    seoTitle: "Hand-made Timber Outdoor Furniture, Sunshine Coast",
  },
  about: { path: "/about", h1: "About Dovetail", seoTitle: "About Our Family Workshop" },
  catalogue: { path: "/catalogue", h1: "Catalogue", seoTitle: "Outdoor Furniture Catalogue" },
  delivery: { path: "/delivery", h1: "Delivery", seoTitle: "Delivery Prices and Areas" },
  whereToFindUs: {
    path: "/where-to-find-us",
    h1: "Where to find us",
    seoTitle: "Where to Find Us: Eumundi Markets and Workshop",
  },
} as const;

/**
 * Marks the current document so a later check can tell a client-side navigation (marker kept)
 * from a full page load (marker gone). Only meaningful with JavaScript on.
 */
export async function markDocument(page: Page) {
  await page.evaluate(() => {
    (window as unknown as { __e2eMarker?: string }).__e2eMarker = "same-document";
  });
}

export async function isSameDocument(page: Page) {
  return page.evaluate(() => (window as unknown as { __e2eMarker?: string }).__e2eMarker === "same-document");
}

/** A page that ships the Remix runtime: /login (its conform forms, issue 12). */
export const RUNTIME_PAGE = "/login";
export const RUNTIME_PAGE_H1 = "Sign in";

/**
 * True when the page ships the Remix runtime. Only pages with a widget or route that needs it do
 * (decision 030), and since decision 036 no seeded page does: pages whose widgets need JavaScript
 * for a slideshow, a lightbox, a slider, a video or the product view load small enhancers
 * instead (decision 034); content, product and error pages are HTML and CSS with two small inline
 * scripts. The sign-in page (issue 12) has the runtime again: RUNTIME_PAGE.
 */
export async function hasRuntime(page: Page) {
  return page.evaluate(() => "__remixContext" in window);
}

const hydrated = () => {
  const el = document.querySelector("header nav a");
  return Boolean(el && Object.keys(el).some((k) => k.startsWith("__reactProps$")));
};

/** Waits until React has hydrated the page (its links then navigate client-side); the page must have the runtime. */
export async function waitForHydration(page: Page) {
  expect(await hasRuntime(page), `${page.url()} ships the Remix runtime`).toBe(true);
  await page.waitForFunction(hydrated);
}

/** True when the page lists enhancers to load (decision 034). */
export async function hasEnhancers(page: Page) {
  return page.evaluate(() => document.querySelector("script[data-enhancers]") !== null);
}

/**
 * Waits until the page is ready to use with JavaScript on: hydrated when it ships the runtime;
 * its enhancers run (`<html data-enhanced>`) when it has some; at once otherwise (its inline
 * scripts ran while it was parsed).
 */
export async function waitUntilReady(page: Page) {
  if (await hasRuntime(page)) await page.waitForFunction(hydrated);
  if (await hasEnhancers(page))
    await page.waitForFunction(() => document.documentElement.hasAttribute("data-enhanced"));
}

/**
 * Waits until the page is ready (`waitUntilReady`) and, with the runtime, until nothing it started
 * is under way: no navigation, revalidation or fetcher. What a visitor sees before the next step;
 * a journey that goes on while a submission's answer is still coming races its own requests.
 */
export async function waitUntilSettled(page: Page) {
  await waitUntilReady(page);
  if (!(await hasRuntime(page))) return;
  await page.waitForFunction(() => {
    type State = { navigation: { state: string }; revalidation: string; fetchers: Map<string, { state: string }> };
    const state = (window as unknown as { __remixRouter?: { state: State } }).__remixRouter?.state;
    if (!state) return true;
    const fetchersIdle = [...state.fetchers.values()].every((f) => f.state === "idle");
    return state.navigation.state === "idle" && state.revalidation === "idle" && fetchersIdle;
  });
}

/**
 * Opens `path` as a client-side navigation from a page with the runtime (the sign-in page, whose
 * forms validate as they are filled in; it was the catalogue until decision 036): how a visitor
 * reaches a page without its own runtime once the runtime runs, since it stays.
 */
export async function openWithRuntime(page: Page, path: string) {
  await page.goto(RUNTIME_PAGE);
  await waitForHydration(page);
  await page.evaluate((to) => {
    void (window as unknown as { __remixRouter: { navigate: (to: string) => Promise<void> } }).__remixRouter.navigate(
      to,
    );
  }, path);
  await page.waitForURL((url) => `${url.pathname}${url.search}` === path);
  await waitUntilReady(page);
}

// ---------------------------------------------------------------------------------------------
// Reading the project's own data (seeds, messages) and raw HTML, for journeys that compare with it.

const repoFile = (relative: string) => fileURLToPath(new URL(`../../${relative}`, import.meta.url));
const readJson = <T>(relative: string) => JSON.parse(readFileSync(repoFile(relative), "utf8")) as T;

/** seeds/domain.json settings (site name, title suffix, theme colours, favicons…). */
export const DOMAIN_SETTINGS = readJson<{ settings: Record<string, string | boolean | number> }>(
  "seeds/domain.json",
).settings;

/** seeds/pages.json: each page's sitemap title and meta description, by url ("home", "about"…). */
export const SEED_PAGES =
  readJson<{ url: string; seo_title: string | null; meta_description: string | null; priority: number | null }[]>(
    "seeds/pages.json",
  );

/** The interface languages, each named in its own language: the app's own list. */
export const LANGUAGE_NAMES: Record<string, string> = LANGUAGES;

/** locales/{code}/common.json flattened to "section.key" → message. */
export function messages(code: string): Record<string, string> {
  const out: Record<string, string> = {};
  const walk = (node: Record<string, unknown>, prefix: string) => {
    for (const [key, value] of Object.entries(node)) {
      if (value && typeof value === "object") walk(value as Record<string, unknown>, `${prefix}${key}.`);
      else out[`${prefix}${key}`] = String(value);
    }
  };
  walk(readJson<Record<string, unknown>>(`locales/${code}/common.json`), "");
  return out;
}

export function decodeEntities(text: string) {
  return text
    .replace(/&#x([0-9a-f]+);/gi, (_, hex: string) => String.fromCodePoint(parseInt(hex, 16)))
    .replace(/&#(\d+);/g, (_, dec: string) => String.fromCodePoint(Number(dec)))
    .replace(/&quot;/g, '"')
    .replace(/&apos;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">")
    .replace(/&amp;/g, "&");
}

/** Every `<tag …>` opening tag in served HTML, as its attributes (names lower-cased, values decoded). */
export function openingTags(html: string, tag: string): Record<string, string>[] {
  const tags: Record<string, string>[] = [];
  for (const [, attrs] of html.matchAll(new RegExp(`<${tag}\\b([^>]*)>`, "gi"))) {
    const parsed: Record<string, string> = {};
    for (const [, name, dq, sq, bare] of attrs.matchAll(/([^\s=/>]+)(?:\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s>]+)))?/g)) {
      parsed[name.toLowerCase()] = decodeEntities(dq ?? sq ?? bare ?? "");
    }
    tags.push(parsed);
  }
  return tags;
}

/** The served document's <head> (everything before </head>). */
export function headOf(html: string) {
  const end = html.indexOf("</head>");
  expect(end, "the document has a </head>").toBeGreaterThan(0);
  return html.slice(0, end);
}

/**
 * How light an element's background looks, 0 (black) to 1 (white): the perceived lightness a
 * visitor sees. Reads the computed colour (oklch, oklab or rgb) as the browser resolved it.
 */
export async function backgroundLightness(page: Page, selector = "body") {
  const colour = await page.locator(selector).evaluate((el) => getComputedStyle(el).backgroundColor);
  const oklab = colour.match(/^okl(?:ch|ab)\(\s*([\d.]+)(%?)/);
  if (oklab) return oklab[2] === "%" ? Number(oklab[1]) / 100 : Number(oklab[1]);
  const rgb = colour.match(/^rgba?\(\s*([\d.]+)[,\s]+([\d.]+)[,\s]+([\d.]+)/);
  if (!rgb) throw new Error(`unreadable background colour: ${colour}`);
  const [r, g, b] = rgb.slice(1, 4).map((c) => {
    const v = Number(c) / 255;
    return v <= 0.04045 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
  });
  // CIE L* from relative luminance, scaled to 0–1.
  const y = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  return (y > 216 / 24389 ? 116 * Math.cbrt(y) - 16 : (24389 / 27) * y) / 100;
}

export async function scrollY(page: Page) {
  return page.evaluate(() => window.scrollY);
}

// ---------------------------------------------------------------------------------------------
// The showcase page (seeds/pages.json, url "showcase") and the seeded content its widgets show.

type SeedWidget = { id: string; type: string; fields: Record<string, unknown> };
const showcaseSeed = readJson<{ url: string; rows: { blocks: { widgets: SeedWidget[] }[] }[] }[]>(
  "seeds/pages.json",
).find((p) => p.url === "showcase")!;
const showcaseWidget = (id: string) =>
  showcaseSeed.rows.flatMap((r) => r.blocks.flatMap((b) => b.widgets)).find((w) => w.id === `showcase-${id}`)!.fields;
const people = readJson<{ first_name: string; last_name: string }[]>("seeds/people.json");
const faqs = readJson<{ group: string; name: string; content: string }[]>("seeds/faqs.json");
const galleries = readJson<{ url: string; heading: string }[]>("seeds/galleries.json");
const plain = (html: string) =>
  decodeEntities(html.replace(/<[^>]+>/g, " "))
    .replace(/\s+/g, " ")
    .trim();

export const SHOWCASE = {
  h1: String(showcaseWidget("title").title),
  /** Headings of widgets, one of each kind. */
  headings: [
    String(showcaseWidget("intro-heading").text),
    String(showcaseWidget("dining").heading),
    String(showcaseWidget("bench").heading),
    String(showcaseWidget("cta").heading),
    String(showcaseWidget("team").heading),
    String(showcaseWidget("gallery-grid").heading),
    String(showcaseWidget("galleries").heading),
    String(showcaseWidget("reviews").heading),
    "Straight from our customers",
    "Kiln-dried, never green",
    "From rough boards to a finished table",
  ],
  people: people.map((p) => `${p.first_name} ${p.last_name}`),
  texts: [
    "We build every piece as if it were going on our own deck",
    "Saturday stall:",
    "In-stock pieces usually arrive within one to two weeks",
    "Never use a pressure washer on oiled timber.",
    "Questions about anything on this page?",
  ],
  faq: faqs
    .filter((f) => f.group === showcaseWidget("care-faq").group)
    .slice(0, 2)
    .map((f) => ({ question: f.name, answer: plain(f.content).slice(0, 60) })),
  gallery: galleries[0],
  /** The grid gallery's heading (its widget, showcase-gallery-grid, shows galleries[0]). */
  galleryGrid: String(showcaseWidget("gallery-grid").heading),
  scheduled: {
    shown: "Open this season: book a Friday afternoon at the workshop",
    hidden: [
      "Draft: new timber range announcement.",
      "Autumn 2025 sale",
      "Our 2031 range arrives in spring.",
      "Switched-off notice",
      "Christmas 2031 opening hours",
      "Easter 2025 opening hours",
    ],
  },
};
