// What the service worker (app/entry.worker.ts, decision 063) may store: shared with its unit test.

/** Paths never stored: accounts, the cart and checkout, sign-in, forms, the API, the CMS. */
export const PRIVATE_PATHS =
  /^\/(?:api|profile|checkout|cart|login|logout|signup|enter|auth|forgotpassword|forms|cms|vouchers|_purge)(?:[/.]|$)/;

/** The cached offline page in the language last shown: the one served when offline. */
export const OFFLINE_KEY = "/offline";

/** The offline page in one language (asked without cookies: `?lng=` chooses the language). */
export const offlineKey = (lang: string) => `/offline?lng=${encodeURIComponent(lang.slice(0, 16))}`;

/**
 * Whether a response may be stored: a same-origin GET of a public path, answered 200 by the
 * server itself, whose Cache-Control lets a browser keep it (no `no-store`, no `private`: every
 * page for a signed-in visitor or a session is sent `private, no-store`).
 */
export function isStorable(request: Request, response: Response, origin: string) {
  if (request.method !== "GET") return false;
  const url = new URL(request.url);
  if (url.origin !== origin || PRIVATE_PATHS.test(url.pathname)) return false;
  if (response.status !== 200 || response.type === "opaque" || response.redirected) return false;
  return !/(?:^|[\s,])(?:private|no-store)(?:[\s,=]|$)/i.test(response.headers.get("Cache-Control") ?? "");
}
