import { randomBytes, randomUUID } from "node:crypto";

import type { AccountUser, TokenAnswer } from "@contract/accounts";

import { ADMIN_ROLE } from "../auth.server";
import type { AppSession, Member } from "../session.server";
import { forgetCart } from "../shop/cart-session.server";
import { safeRedirectPath } from "../url";
import { DEFAULT_AFTER_SIGN_IN } from "./login-schemas";
import { clearSignIn, storeTokens, tokensFrom } from "./tokens.server";

export { DEFAULT_AFTER_SIGN_IN };

const FINGERPRINT_ALPHABET = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789_-";

/** A random 21-character id (nanoid's alphabet and length). */
export function newFingerprint() {
  return Array.from(randomBytes(21), (byte) => FINGERPRINT_ALPHABET[byte & 63]).join("");
}

/** The session's auth fingerprint (spec section 3), made on first use; refresh tokens are bound to it. */
export function ensureFingerprint(session: AppSession) {
  let fingerprint = session.get("fingerprint");
  if (!fingerprint) {
    fingerprint = newFingerprint();
    session.set("fingerprint", fingerprint);
  }
  return fingerprint;
}

/** The member snapshot the session keeps, from the API's User. */
export function memberFromUser(user: AccountUser): Member {
  const firstName = user.first_name?.trim() ?? "";
  const name = [firstName, user.last_name?.trim() ?? ""].filter(Boolean).join(" ");
  return {
    id: user.id,
    name: name || user.email,
    firstName: firstName || undefined,
    email: user.email,
    roles: user.is_admin ? ["member", ADMIN_ROLE] : ["member"],
  };
}

/**
 * Signs the session in: the tokens and the member, a new session id and a new CSRF token (so no
 * token of the anonymous visit stays valid), and the OAuth state is dropped. Returns where to go
 * next: the remembered redirectTo, else /profile.
 */
export function signIn(session: AppSession, answer: TokenAnswer, user: AccountUser, now = Date.now()) {
  const to = safeRedirectPath(session.get("redirectTo"), DEFAULT_AFTER_SIGN_IN);
  storeTokens(session, tokensFrom(answer, now));
  session.set("member", memberFromUser(user));
  session.set("sid", randomUUID());
  session.set("csrf", randomBytes(24).toString("base64url"));
  for (const key of ["redirectTo", "oauth2:state", "oauth2:codeVerifier"] as const) session.unset(key);
  return to;
}

/**
 * Signs the session out: tokens, member, CSRF token and anything of a sign-in in progress go; the
 * session id is new and the cart's key, count, code and shipping go. The fingerprint stays: it names the browser, not the member.
 */
export function signOut(session: AppSession) {
  clearSignIn(session);
  for (const key of ["csrf", "redirectTo", "adminSeenAt", "oauth2:state", "oauth2:codeVerifier"] as const)
    session.unset(key);
  session.set("sid", randomUUID());
  forgetCart(session);
}

/** Remembers where to go after signing in (same-site only; anything else is `/`). */
export function rememberRedirect(session: AppSession, to: unknown) {
  if (to === null || to === undefined || to === "") return;
  session.set("redirectTo", safeRedirectPath(to));
}
