/**
 * CSRF for the CMS's own pages that post (the OAuth sign-in page, the test gateway's payment
 * page): a double-submit token, kept in an httpOnly SameSite=Lax cookie scoped to the page's path
 * and repeated in a hidden field; the post is taken only when the two match.
 */
import { randomBytes, timingSafeEqual } from "node:crypto";

import type { Context } from "hono";
import { getCookie, setCookie } from "hono/cookie";

import type { CmsEnv } from "../context";

/** Two strings compared in constant time. */
export function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The token of cookie `name` (set for an hour on `path` when missing), for the page's hidden field. */
export function csrfToken(c: Context<CmsEnv>, name: string, path: string): string {
  const existing = getCookie(c, name);
  if (existing && /^[\w-]{43}$/.test(existing)) return existing;
  const token = randomBytes(32).toString("base64url");
  setCookie(c, name, token, {
    httpOnly: true,
    sameSite: "Lax",
    path,
    secure: new URL(c.req.url).protocol === "https:",
    maxAge: 3600,
  });
  return token;
}

/** True when the posted field matches the cookie (an empty cookie never matches). */
export function csrfMatches(c: Context<CmsEnv>, name: string, posted: string): boolean {
  const cookie = getCookie(c, name) ?? "";
  return cookie !== "" && sameText(cookie, posted);
}
