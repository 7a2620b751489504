import { parse as parseCookies, serialize as serializeCookie } from "cookie";

import { localeCookie } from "~/i18next.server";
import { isPageParameter as isListPageParameter } from "~/page-builder/paging/paging";

import { readPreferences, type Theme, themeCookie } from "../preferences.server";

/** What of a request decides whether, and as what, the rendered-page cache may answer it. */
export interface PageRequestFacts {
  /** The path and query as requested (Express's `originalUrl`). */
  url: string;
  cookie?: string;
  acceptLanguage?: string;
  authorization?: string;
  /** The origin the page's canonical links would be built from; only when PUBLIC_URL is unset. */
  origin?: string;
}

/** A request the cache may answer: its key, and how to render the page stored under it. */
export interface PageCandidate {
  key: string;
  /** The key without `tab`: a page (a path, or a photo's page) in one language and theme (its tab variants are capped). */
  group: string;
  /** What a render is asked for: the path and the query parameters that change the page. */
  renderPath: string;
  locale: string;
  theme: Theme;
}

export type PageCacheDecision = PageCandidate | { bypass: string };

/**
 * Query parameters that change a page; each one's value is part of the key: a tab, and a photo's
 * own page (`gallery` and `photo`, decision 038). Only 200s are stored, so invented values of
 * these make no entries; a gallery's real photos do, one each.
 */
const PAGE_PARAMETERS = ["tab", "gallery", "photo"] as const;
type PageParameter = (typeof PAGE_PARAMETERS)[number];
const isPageParameter = (name: string): name is PageParameter => (PAGE_PARAMETERS as readonly string[]).includes(name);
/** Tracking parameters no page reads: left out of the key and of the render. */
const IGNORED_PARAMETER = /^(utm_[a-z_]+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|mc_cid|mc_eid|_ga|_gl)$/;
/** Cookies the render reads, resolved into the key. */
const PREFERENCE_COOKIES = new Set(["lng", "theme"]);
/** Cookies the analytics scripts set in the browser and the server never reads. */
const IGNORED_COOKIE = /^(_ga(_\w+)?|_gid|_gat(_\w+)?|_gcl_\w+|_fbp|_fbc|_pk_\w+(\.\w+)*|mtm_\w+)$/;
/** A list's page (`?p-{widget}=n`, decision 071): a few lists paged at once, each value a page number. */
const MAX_PAGE_PARAMETERS = 4;
const PAGE_NUMBER = /^[1-9][0-9]{0,5}$/;
/** A longer value is no tab title: such a request is rendered, never stored. */
const MAX_PARAMETER_LENGTH = 200;
/** Resolved preferences remembered, by the raw cookies and Accept-Language (a stranger's junk only churns it). */
const MAX_REMEMBERED = 1000;
const remembered = new Map<string, { locale: string; theme: Theme }>();

/**
 * The language and theme a render would resolve from these cookies and Accept-Language, by the
 * render's own code (`readPreferences`); remembered, as the same few headers come again and again.
 */
async function resolvePreferences(cookies: string[], acceptLanguage: string | undefined) {
  const memoKey = `${cookies.join("; ")}\n${acceptLanguage ?? ""}`;
  const known = remembered.get(memoKey);
  if (known) return known;
  const headers = new Headers();
  if (cookies.length) headers.set("cookie", cookies.join("; "));
  if (acceptLanguage) headers.set("accept-language", acceptLanguage);
  const { locale, theme } = await readPreferences(new Request("http://visitor.internal/", { headers }));
  if (remembered.size >= MAX_REMEMBERED) remembered.clear();
  remembered.set(memoKey, { locale, theme });
  return { locale, theme };
}

/** The Cookie header a render is given: exactly the language and theme of its key. */
export async function renderCookie(locale: string, theme: Theme) {
  const nameValue = (setCookie: string) => setCookie.slice(0, setCookie.indexOf(";"));
  const cookies = [nameValue(await localeCookie.serialize(locale))];
  if (theme !== "system") cookies.push(nameValue(await themeCookie.serialize(theme)));
  return cookies.join("; ");
}

/**
 * Whether the rendered-page cache may answer a GET, and under which key. It may when the request
 * names no one: no session (nor its flash message or cart), no Authorization, no cookie but the
 * language and theme (and analytics cookies, which nothing on the server reads); and when its
 * query holds only `tab`, `gallery` and `photo` (each once), lists' pages (`p-{widget}`, a page
 * number each, four at most) and tracking parameters. Any other parameter (`?lng=` and `?theme=`
 * set cookies; `_data`, `?p=` belong to other answers) bypasses the cache, so a stranger's
 * invented parameters never make new entries. Single-fetch data requests (`*.data`) bypass it.
 *
 * The key is the origin (when given), the path, the `tab`, `gallery` and `photo` values, the
 * lists' pages (sorted by name, so their order in the address makes no second entry), and the
 * language and theme as the render resolves them from the cookies and Accept-Language: 18 × 3
 * values at most, however the headers are written.
 */
export function pageCacheDecision(facts: PageRequestFacts): Promise<PageCacheDecision> {
  // The same request facts make the same decision: the few combinations a site's visitors send
  // are decided once (this was 4 % of a cached page's CPU, issue 29). Bounded like `remembered`.
  if (facts.authorization) return decide(facts);
  const memoKey = decisionKey(facts);
  const known = decided.get(memoKey);
  if (known) return known;
  const decision = decide(facts);
  if (decided.size >= MAX_REMEMBERED) {
    decided.clear();
    settled.clear();
  }
  decided.set(memoKey, decision);
  decision.then(
    (made) => decided.get(memoKey) === decision && settled.set(memoKey, made),
    () => decided.delete(memoKey),
  );
  return decision;
}
const decided = new Map<string, Promise<PageCacheDecision>>();
const settled = new Map<string, PageCacheDecision>();
const decisionKey = (facts: PageRequestFacts) =>
  `${facts.origin ?? ""}\n${facts.url}\n${facts.cookie ?? ""}\n${facts.acceptLanguage ?? ""}`;

/**
 * The decision `pageCacheDecision` has already made for these facts, at once; undefined when it
 * has not made it yet (or has forgotten it). The host's fast path for stored pages asks this.
 */
export function knownPageCacheDecision(facts: PageRequestFacts): PageCacheDecision | undefined {
  if (facts.authorization) return undefined;
  return settled.get(decisionKey(facts));
}

async function decide(facts: PageRequestFacts): Promise<PageCacheDecision> {
  let url: URL;
  try {
    // Joined, not resolved against a base, as Remix builds its request's URL: "//x/y" stays a path.
    url = new URL(`http://page.cache${facts.url}`);
  } catch {
    return { bypass: "a malformed URL" };
  }
  if (url.pathname.endsWith(".data")) return { bypass: "a data request" };
  if (facts.authorization) return { bypass: "an Authorization header" };

  const values: Partial<Record<PageParameter, string>> = {};
  const listPages = new Map<string, string>();
  for (const [name, value] of url.searchParams) {
    if (IGNORED_PARAMETER.test(name)) continue;
    if (isListPageParameter(name)) {
      // Malformed or repeated values are a 404 that is never stored; so are pages past the end.
      if (listPages.has(name) || !PAGE_NUMBER.test(value) || listPages.size >= MAX_PAGE_PARAMETERS) {
        return { bypass: `the query parameter ${name}` };
      }
      listPages.set(name, value);
      continue;
    }
    if (!isPageParameter(name)) return { bypass: `the query parameter ${name}` };
    if (values[name] !== undefined || value.length > MAX_PARAMETER_LENGTH) {
      return { bypass: `the query parameter ${name}` };
    }
    values[name] = value;
  }
  const { tab = null, gallery = null, photo = null } = values;
  // The render sees the page's parameters in one order, and nothing else.
  const paged = [...listPages].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const query = new URLSearchParams([
    ...PAGE_PARAMETERS.flatMap((name) => (values[name] === undefined ? [] : [[name, values[name]]])),
    ...paged,
  ]);

  // Read with the parser Remix reads cookies with: a cookie it would not see cannot change the render.
  const preferenceCookies: string[] = [];
  for (const [name, value] of Object.entries(parseCookies(facts.cookie ?? ""))) {
    if (!name || IGNORED_COOKIE.test(name)) continue;
    if (!PREFERENCE_COOKIES.has(name)) return { bypass: `the cookie ${name}` };
    preferenceCookies.push(serializeCookie(name, value));
  }

  const { locale, theme } = await resolvePreferences(preferenceCookies, facts.acceptLanguage);
  const origin = facts.origin ?? "";
  return {
    key: JSON.stringify([origin, url.pathname, tab, gallery, photo, locale, theme, ...paged.flat()]),
    group: JSON.stringify([origin, url.pathname, gallery, photo, locale, theme, ...paged.flat()]),
    renderPath: query.size === 0 ? url.pathname : `${url.pathname}?${query}`,
    locale,
    theme,
  };
}
