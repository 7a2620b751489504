import { createCipheriv, createDecipheriv, createHash, randomBytes } from "node:crypto";

import type { Session, SessionStorage } from "@remix-run/node";
import { createCookie, createSession } from "@remix-run/node";
import { parse as parseCookies } from "cookie";
import { z } from "zod";

/** Who signed in, as the login stores it beside the access token: enough to greet and authorise. */
export const memberSchema = z.object({
  id: z.union([z.number().int(), z.string().min(1)]),
  name: z.string(),
  /** What the header greets the member by (the User's first_name); absent in older sessions. */
  firstName: z.string().optional(),
  email: z.string(),
  roles: z.array(z.string()),
});
export type Member = z.infer<typeof memberSchema>;

/**
 * What the session holds: only what code reads or writes. The tokens live here and nowhere else:
 * the cookie is encrypted, httpOnly, and no loader returns them (decision 046).
 */
export interface SessionData {
  /** The upstream API's bearer token of the signed-in member. */
  accessToken?: string;
  /** The token that gets the next access token (single use: each refresh rotates it). */
  refreshToken?: string;
  /** When the access token expires, in ms since the epoch: refreshed when 30 s or less remain. */
  accessExpiresAt?: number;
  /** The spec's auth fingerprint: 21 random characters made on first use; refresh tokens are bound to it. */
  fingerprint?: string;
  /** A snapshot of the member, written at login with the token (read by requireMember). */
  member?: Member;
  /** Where to go after signing in: a same-site path (safeRedirectPath), kept while the visitor signs in. */
  redirectTo?: string;
  /** This sign-in's id: new at every sign-in and sign-out, so no session outlives a change of member. */
  sid?: string;
  /** The token every form posts back (`csrf.server.ts`); new at sign-in and sign-out. */
  csrf?: string;
  /**
   * The visitor's cart key, only ever what the CMS answered (docs/shop.md); dropped at sign-out, so
   * the next visitor starts with an empty cart.
   */
  cartSession?: string;
  /** How many pieces the cart holds, for the header's badge (no upstream call per page). */
  cartCount?: number;
  /** The promotion code the visitor applied: getCart prices with it on every call (the CMS keeps none). */
  cartPromo?: string;
  /** Where the cart ships to, as the shipping quote was asked for. */
  cartAddress?: { suburb: string; postcode: string; country: string };
  /** The shipping option the visitor chose (a shipping type's id). */
  cartShipping?: number;
  /** The page editor's copied block: where to clone it from when pasted (decision 088). */
  copiedBlock?: { pageId: number; blockId: string };
  /** When a signed-in admin last asked for a back-office page (ms): idle for 30 minutes signs them out. */
  adminSeenAt?: number;
  /** remix-auth-oauth2's state of the authorisation-code flow, and its PKCE verifier (its key names). */
  "oauth2:state"?: string;
  "oauth2:codeVerifier"?: string;
}
/** A message for the next page the visitor sees, after an action redirects (the root shows it). */
export const toastSchema = z.object({
  /** New for each message, so a second message is shown even where the first still is. */
  id: z.string().min(1).max(64),
  kind: z.enum(["success", "error", "info"]),
  message: z.string().min(1).max(500),
});
export type Toast = z.infer<typeof toastSchema>;

export interface SessionFlash {
  toast?: Toast;
  /** The gift voucher widget's refused post: its input and errors (`routes/vouchers.tsx`). */
  voucher?: unknown;
  /** A post to a form (`/forms/{id}`) that failed: its reply, for the page to show again (core/form). */
  formReply?: unknown;
  /** A refused "Add to cart" (`/cart`): the SKU, the typed quantity and the error, for the product page. */
  cartAdd?: unknown;
}
export type AppSession = Session<SessionData, SessionFlash>;
type AppSessionStorage = SessionStorage<SessionData, SessionFlash>;

const COOKIE_NAME = "__session";
const MAX_AGE = 60 * 60 * 24 * 30;

function keyFrom(secret: string) {
  return createHash("sha256").update(`dovetail-session-v1:${secret}`).digest();
}

/** AES-256-GCM: the cookie's content is unreadable and tamper-evident without the key. */
export function seal(data: unknown, secret: string) {
  const iv = randomBytes(12);
  const cipher = createCipheriv("aes-256-gcm", keyFrom(secret), iv);
  const body = Buffer.concat([cipher.update(JSON.stringify(data), "utf8"), cipher.final()]);
  return Buffer.concat([iv, cipher.getAuthTag(), body]).toString("base64url");
}

export function unseal(value: string, secret: string): unknown {
  try {
    const raw = Buffer.from(value, "base64url");
    const decipher = createDecipheriv("aes-256-gcm", keyFrom(secret), raw.subarray(0, 12));
    decipher.setAuthTag(raw.subarray(12, 28));
    return JSON.parse(Buffer.concat([decipher.update(raw.subarray(28)), decipher.final()]).toString("utf8"));
  } catch {
    return null;
  }
}

const storages = new Map<string, AppSessionStorage>();

/**
 * A cookie session whose whole content is encrypted with a key from SESSION_SECRET:
 * httpOnly, sameSite=lax, secure in production, never readable in the browser.
 */
export function getSessionStorage(secret: string, production: boolean): AppSessionStorage {
  const key = `${production}:${secret}`;
  let storage = storages.get(key);
  if (storage) return storage;
  const cookie = createCookie(COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure: production,
    path: "/",
    maxAge: MAX_AGE,
  });
  storage = {
    async getSession(cookieHeader) {
      const sealed = await cookie.parse(cookieHeader ?? null);
      const data = typeof sealed === "string" ? unseal(sealed, secret) : null;
      return createSession<SessionData, SessionFlash>(data && typeof data === "object" ? (data as never) : {});
    },
    async commitSession(session, options) {
      return cookie.serialize(seal(session.data, secret), options);
    },
    async destroySession(_session, options) {
      return cookie.serialize("", { ...options, maxAge: undefined, expires: new Date(0) });
    },
  };
  storages.set(key, storage);
  return storage;
}

/** Whether the request carries a session cookie at all (read as Remix reads cookies, by `cookie`'s parser). */
export function hasSessionCookie(request: Request) {
  return Object.hasOwn(parseCookies(request.headers.get("cookie") ?? ""), COOKIE_NAME);
}
