import { describe, expect, it } from "vitest";

import { i18n } from "~/i18n";

import { readPreferences, THEMES } from "../preferences.server";
import {
  knownPageCacheDecision,
  type PageCacheDecision,
  pageCacheDecision,
  type PageCandidate,
  renderCookie,
} from "./key.server";

const LNG_FR = "lng=ImZyIg%3D%3D"; // the lng cookie as the site writes it for "fr"
const THEME_DARK = "theme=ImRhcmsi";

function candidate(decision: PageCacheDecision): PageCandidate {
  if ("bypass" in decision) throw new Error(`bypassed: ${decision.bypass}`);
  return decision;
}
const keyOf = async (facts: Parameters<typeof pageCacheDecision>[0]) => candidate(await pageCacheDecision(facts)).key;

describe("pageCacheDecision: what bypasses the cache", () => {
  it.each([
    ["a session (and so its flash message or cart)", { url: "/about", cookie: "__session=abc" }],
    ["a cookie the cache does not know", { url: "/about", cookie: "cart=1" }],
    ["an Authorization header", { url: "/about", authorization: "Bearer x" }],
    ["a single-fetch data request", { url: "/about.data" }],
    ["?lng=, which sets a cookie", { url: "/about?lng=fr" }],
    ["?theme=, which sets a cookie", { url: "/about?theme=dark" }],
    ["an unknown query parameter", { url: "/about?x=1" }],
    ["another route's parameter", { url: "/__manifest?p=%2Fabout&version=1" }],
    ["two tabs", { url: "/about?tab=A&tab=B" }],
    ["a tab value no title has", { url: `/about?tab=${"x".repeat(201)}` }],
    ["a list's page that is no page number", { url: "/showcase?p-care=two" }],
    ["a list's page given twice", { url: "/showcase?p-care=2&p-care=3" }],
    ["five lists paged at once", { url: "/showcase?p-a=2&p-b=2&p-c=2&p-d=2&p-e=2" }],
  ])("%s", async (_what, facts) => {
    expect(await pageCacheDecision(facts)).toHaveProperty("bypass");
  });
});

describe("pageCacheDecision: the key", () => {
  it("is the path, without tracking parameters or analytics cookies", async () => {
    const plain = await keyOf({ url: "/about" });
    expect(await keyOf({ url: "/about?utm_source=news&utm_medium=mail&fbclid=1&gclid=2" })).toBe(plain);
    expect(await keyOf({ url: "/about", cookie: "_ga=GA1.1.1; _ga_ABC=GS1; _fbp=fb.1" })).toBe(plain);
    expect(await keyOf({ url: "/about/" })).not.toBe(plain);
    expect(await keyOf({ url: "/" })).not.toBe(plain);
  });

  it("separates tabs, and renders the tab asked for", async () => {
    const decision = candidate(await pageCacheDecision({ url: "/about?utm_source=x&tab=Opening+hours" }));
    expect(decision.key).not.toBe(await keyOf({ url: "/about" }));
    expect(decision.key).not.toBe(await keyOf({ url: "/about?tab=Prices" }));
    expect(decision.renderPath).toBe("/about?tab=Opening+hours");
    expect(decision.group).toBe(candidate(await pageCacheDecision({ url: "/about" })).group);
  });

  it("keeps each photo's own page apart, rendered with its parameters in one order", async () => {
    const photo = candidate(await pageCacheDecision({ url: "/showcase?photo=2&utm_source=x&gallery=grid" }));
    expect(photo.renderPath).toBe("/showcase?gallery=grid&photo=2");
    expect(photo.key).toBe(await keyOf({ url: "/showcase?gallery=grid&photo=2" }));
    expect(photo.key).not.toBe(await keyOf({ url: "/showcase" }));
    expect(photo.key).not.toBe(await keyOf({ url: "/showcase?gallery=grid&photo=3" }));
    expect(photo.key).not.toBe(await keyOf({ url: "/showcase?gallery=slider&photo=2" }));
    // Each photo's page is a page of its own, not one more tab variant of the showcase.
    expect(photo.group).not.toBe(candidate(await pageCacheDecision({ url: "/showcase" })).group);
    // A parameter twice is no page the cache names.
    expect(await pageCacheDecision({ url: "/showcase?gallery=grid&photo=2&photo=3" })).toHaveProperty("bypass");
  });

  it("separates languages as resolved, however the request names them", async () => {
    const english = await keyOf({ url: "/about" });
    const french = await keyOf({ url: "/about", acceptLanguage: "fr-CA,fr;q=0.9" });
    expect(french).not.toBe(english);
    expect(await keyOf({ url: "/about", cookie: LNG_FR })).toBe(french);
    expect(await keyOf({ url: "/about", acceptLanguage: "fr" })).toBe(french);
    // The cookie wins over Accept-Language, as in the render; an unknown language is English.
    expect(await keyOf({ url: "/about", cookie: LNG_FR, acceptLanguage: "de" })).toBe(french);
    expect(await keyOf({ url: "/about", acceptLanguage: "xx-YY" })).toBe(english);
  });

  it("separates themes; a theme cookie with a value the site does not know is no theme", async () => {
    const system = await keyOf({ url: "/about" });
    const dark = await keyOf({ url: "/about", cookie: THEME_DARK });
    expect(dark).not.toBe(system);
    expect(await keyOf({ url: "/about", cookie: `${THEME_DARK}; ${LNG_FR}` })).not.toBe(dark);
    expect(await keyOf({ url: "/about", cookie: "theme=Ym9ndXM%3D" })).toBe(system);
  });

  it("reads cookies as the render does: spaces, quotes and a repeated name make no other key", async () => {
    const french = await keyOf({ url: "/about", cookie: LNG_FR });
    expect(await keyOf({ url: "/about", cookie: ' lng = "ImZyIg%3D%3D" ; _ga=GA1.1' })).toBe(french);
    expect(await keyOf({ url: "/about", cookie: `${LNG_FR};lng=ImVuIg%3D%3D` })).toBe(french);
    expect(await pageCacheDecision({ url: "/about", cookie: `${LNG_FR};__session=abc` })).toHaveProperty("bypass");
  });

  it("separates origins when given one (no PUBLIC_URL: canonical links come from the Host)", async () => {
    const a = await keyOf({ url: "/about", origin: "http://a.example" });
    expect(await keyOf({ url: "/about", origin: "http://b.example" })).not.toBe(a);
    expect(await keyOf({ url: "/about" })).not.toBe(a);
  });

  it("keeps a path as Remix reads it: '//host/x' is a path, not another host", async () => {
    expect(candidate(await pageCacheDecision({ url: "//evil.example/about" })).renderPath).toBe("//evil.example/about");
  });
});

describe("renderCookie", () => {
  it("makes the render resolve exactly the language and theme of its key, for every one", async () => {
    for (const locale of i18n.supportedLngs) {
      for (const theme of THEMES) {
        const cookie = await renderCookie(locale, theme);
        const resolved = await readPreferences(new Request("http://visitor.internal/", { headers: { cookie } }));
        expect([resolved.locale, resolved.theme]).toEqual([locale, theme]);
      }
    }
  });
});

describe("pageCacheDecision: a list's pages (decision 071)", () => {
  it("keys each page of a list apart, whatever the order of the parameters, and renders that page", async () => {
    const first = await keyOf({ url: "/showcase" });
    const second = await keyOf({ url: "/showcase?p-care=2" });
    expect(second).not.toBe(first);
    expect(await keyOf({ url: "/showcase?p-care=3" })).not.toBe(second);
    const both = candidate(await pageCacheDecision({ url: "/showcase?p-team=2&tab=A&p-care=2" }));
    expect(await keyOf({ url: "/showcase?p-care=2&tab=A&p-team=2&utm_source=x" })).toBe(both.key);
    expect(both.renderPath).toBe("/showcase?tab=A&p-care=2&p-team=2");
  });
});

describe("knownPageCacheDecision", () => {
  it("knows a decision once pageCacheDecision has made it, and never one for an Authorization header", async () => {
    const facts = { url: `/known-${Date.now()}`, acceptLanguage: "fr" };
    expect(knownPageCacheDecision(facts)).toBeUndefined();
    const made = await pageCacheDecision(facts);
    expect(knownPageCacheDecision(facts)).toEqual(made);
    expect(knownPageCacheDecision({ ...facts, cookie: "_ga=1" })).toBeUndefined();
    await pageCacheDecision({ ...facts, authorization: "Bearer x" });
    expect(knownPageCacheDecision({ ...facts, authorization: "Bearer x" })).toBeUndefined();
  });
});
