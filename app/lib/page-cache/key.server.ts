import { localeCookie } from "~/i18next.server";

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
  /** The key without `tab`: a path in one language and theme (its variants are capped). */
  group: string;
  /** What a render is asked for: the path and the one query parameter that changes the page. */
  renderPath: string;
  locale: string;
  theme: Theme;
}

export type PageCacheDecision = PageCandidate | { bypass: string };

/** Query parameters that change a page; each one's value is part of the key. */
const PAGE_PARAMETERS = new Set(["tab"]);
/** Tracking parameters no page reads: left out of the key and of the render. */
const IGNORED_PARAMETER = /^(utm_[a-z_]+|fbclid|gclid|gbraid|wbraid|dclid|msclkid|mc_cid|mc_eid|_ga|_gl)$/;
/** Cookies the render reads, resolved into the key. */
const PREFERENCE_COOKIES = new Set(["lng", "theme"]);
/** Cookies the analytics scripts set in the browser and the server never reads. */
const IGNORED_COOKIE = /^(_ga(_\w+)?|_gid|_gat(_\w+)?|_gcl_\w+|_fbp|_fbc|_pk_\w+(\.\w+)*|mtm_\w+)$/;
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
 * query holds only `tab` and tracking parameters. Any other parameter (`?lng=` and `?theme=`
 * set cookies; `_data`, `?p=` belong to other answers) bypasses the cache, so a stranger's
 * invented parameters never make new entries. Single-fetch data requests (`*.data`) bypass it.
 *
 * The key is the origin (when given), the path, the `tab` value, and the language and theme as
 * the render resolves them from the cookies and Accept-Language: 18 × 3 values at most, however
 * the headers are written.
 */
export async function pageCacheDecision(facts: PageRequestFacts): Promise<PageCacheDecision> {
  let url: URL;
  try {
    // Joined, not resolved against a base, as Remix builds its request's URL: "//x/y" stays a path.
    url = new URL(`http://page.cache${facts.url}`);
  } catch {
    return { bypass: "a malformed URL" };
  }
  if (url.pathname.endsWith(".data")) return { bypass: "a data request" };
  if (facts.authorization) return { bypass: "an Authorization header" };

  let tab: string | null = null;
  for (const [name, value] of url.searchParams) {
    if (IGNORED_PARAMETER.test(name)) continue;
    if (!PAGE_PARAMETERS.has(name)) return { bypass: `the query parameter ${name}` };
    if (tab !== null || value.length > MAX_PARAMETER_LENGTH) return { bypass: `the query parameter ${name}` };
    tab = value;
  }

  const preferenceCookies: string[] = [];
  for (const pair of (facts.cookie ?? "").split(";")) {
    const name = pair.slice(0, pair.includes("=") ? pair.indexOf("=") : pair.length).trim();
    if (!name || IGNORED_COOKIE.test(name)) continue;
    if (!PREFERENCE_COOKIES.has(name)) return { bypass: `the cookie ${name}` };
    preferenceCookies.push(pair.trim());
  }

  const { locale, theme } = await resolvePreferences(preferenceCookies, facts.acceptLanguage);
  const origin = facts.origin ?? "";
  return {
    key: JSON.stringify([origin, url.pathname, tab, locale, theme]),
    group: JSON.stringify([origin, url.pathname, locale, theme]),
    renderPath: tab === null ? url.pathname : `${url.pathname}?${new URLSearchParams({ tab })}`,
    locale,
    theme,
  };
}
