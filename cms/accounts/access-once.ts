/**
 * A Bearer token checked once per site request (decision 128). The embedded site's page makes
 * several calls with the member's token (the profile page five), and each checked it: the JWT's
 * signature, then the member and the token's family in the database. An in-process call carries
 * its site request's scope as Hono's `env` (one object for all of that request's calls; a call
 * over HTTP carries Node's request there, and is checked every time). Within it, reads reuse the
 * first check of the same token; any write forgets them all, so what a read after it sees (the
 * member's row, the family's revocation) is checked anew, and so does the logout (a GET).
 */
import type { Context } from "hono";

import type { CmsEnv } from "../context";
import { type VerifiedAccess, verifyAccessToken } from "./tokens";

interface SiteRequestScope {
  verifiedAccess?: Map<string, Promise<VerifiedAccess>>;
}

/** The in-process caller's scope of this call, or null (an HTTP call, or none given). */
function siteRequestScope(c: Context<CmsEnv>): SiteRequestScope | null {
  const env: unknown = c.env;
  if (!env || typeof env !== "object" || "incoming" in env) return null;
  return env as SiteRequestScope;
}

/** Forgets this site request's checks: a call that changes sign-ins without being a write (a GET logout). */
export function forgetCallTokens(c: Context<CmsEnv>) {
  siteRequestScope(c)?.verifiedAccess?.clear();
}

/** `verifyAccessToken` for this call's token, reusing its site request's earlier check on reads. */
export function verifyCallToken(c: Context<CmsEnv>, token: string): Promise<VerifiedAccess> {
  const check = () => verifyAccessToken(c.var.db, c.var.tokenSecret, token, c.var.now);
  const scope = siteRequestScope(c);
  if (!scope) return check();
  if (c.req.method !== "GET" && c.req.method !== "HEAD") {
    scope.verifiedAccess?.clear();
    return check();
  }
  const checked = (scope.verifiedAccess ??= new Map());
  let access = checked.get(token);
  if (!access) {
    access = check();
    checked.set(token, access);
    // A refused token is not remembered: its error is the caller's, and it may come back refreshed.
    access.catch(() => checked.delete(token));
  }
  return access;
}
