/**
 * Rate limits of the account calls (decision 040, 041): fixed windows counted in the
 * `rate_limits` table, so every instance shares them. A take is one upsert per bucket that
 * starts a new window or adds one to the current count and returns it, atomic on PostgreSQL
 * under concurrency: of many parallel takes, only `limit` see a count within the limit.
 */
import { lt, sql } from "drizzle-orm";
import type { Context } from "hono";

import type { CmsEnv } from "../context";
import type { Db } from "../db/client";
import { rateLimits } from "../db/schema";
import { clientAddress } from "../media/rate-limit";
import { ApiError, apiErrorResponse } from "./errors";

export interface RateBucket {
  /** Unique per counted thing, e.g. `login:account:sam@example.com`. */
  key: string;
  /** Takes allowed per window. */
  limit: number;
  windowSeconds: number;
}

export type RateLimitResult = { ok: true } | { ok: false; retryAfter: number };

/**
 * Counts one take in every bucket at `now` (ms). Not ok when any bucket is over its limit;
 * `retryAfter` is then the whole seconds until the last of those windows ends. Every bucket is
 * counted even when one is over, so hammering one account also spends the address's allowance.
 */
export async function takeRateLimit(db: Db, buckets: RateBucket[], now: number): Promise<RateLimitResult> {
  let retryAfter = 0;
  for (const bucket of buckets) {
    const windowMs = bucket.windowSeconds * 1000;
    const start = new Date(Math.floor(now / windowMs) * windowMs);
    // One statement: a later window resets the count, the same (or, from an instance whose clock is
    // ahead, a later) window adds one to it.
    const [row] = await db
      .insert(rateLimits)
      .values({ bucket: bucket.key, windowStart: start, count: 1 })
      .onConflictDoUpdate({
        target: rateLimits.bucket,
        set: {
          count: sql`case when ${rateLimits.windowStart} < excluded.window_start then 1 else ${rateLimits.count} + 1 end`,
          windowStart: sql`greatest(${rateLimits.windowStart}, excluded.window_start)`,
        },
      })
      .returning({ count: rateLimits.count, windowStart: rateLimits.windowStart });
    if (row.count > bucket.limit) {
      const ends = new Date(row.windowStart).getTime() + windowMs;
      retryAfter = Math.max(retryAfter, Math.max(1, Math.ceil((ends - now) / 1000)));
    }
  }
  if (Math.random() < 0.01) await pruneRateLimits(db, now);
  return retryAfter > 0 ? { ok: false, retryAfter } : { ok: true };
}

/** Forgets windows that ended more than a day ago (every window here is at most a day long). */
export async function pruneRateLimits(db: Db, now: number) {
  await db.delete(rateLimits).where(lt(rateLimits.windowStart, new Date(now - 2 * 86_400_000)));
}

/** The limited actions and their allowances (before AUTH_RATE_LIMIT's multiplier). */
export const AUTH_LIMITS = {
  /** Password sign-in (POST /login, the OAuth2 sign-in form). */
  login: { account: { limit: 10, windowSeconds: 900 }, address: { limit: 50, windowSeconds: 900 } },
  /** Sign-up (POST /registerLink). */
  register: { account: { limit: 5, windowSeconds: 3600 }, address: { limit: 20, windowSeconds: 3600 } },
  /** A sign-in link or code sent (POST /sendLoginLink). */
  link: { account: { limit: 5, windowSeconds: 900 }, address: { limit: 30, windowSeconds: 900 } },
  /** A recovery code sent (/recoverPassword). */
  recover: { account: { limit: 5, windowSeconds: 900 }, address: { limit: 30, windowSeconds: 900 } },
  /** A code checked (/recoverPasswordCheck, /loginRecoveryCode). */
  code: { account: { limit: 10, windowSeconds: 900 }, address: { limit: 50, windowSeconds: 900 } },
  /** A gift voucher code tried (POST /giftVoucher/redeem). */
  voucher: { account: { limit: 10, windowSeconds: 900 }, address: { limit: 50, windowSeconds: 900 } },
  /** A delivery quote asked for (POST /sell/cart/requestShippingQuote), by e-mail address. */
  quote: { account: { limit: 5, windowSeconds: 3600 }, address: { limit: 20, windowSeconds: 3600 } },
} as const;

export type AuthAction = keyof typeof AUTH_LIMITS;

/** The default multiplier of every limit (AUTH_RATE_LIMIT). */
export const DEFAULT_AUTH_RATE_LIMIT = 1;

/** A limit scaled by the multiplier: never below 1. */
function scaled(limit: number, multiplier: number) {
  return Math.max(1, Math.round(limit * multiplier));
}

/**
 * The buckets of `action` for an account (its lower-cased e-mail, or null) and a client address
 * (or null: then only the account is limited).
 */
export function authBuckets(
  action: AuthAction,
  who: { account: string | null; address: string | null },
  multiplier = DEFAULT_AUTH_RATE_LIMIT,
): RateBucket[] {
  const limits = AUTH_LIMITS[action];
  const buckets: RateBucket[] = [];
  if (who.account !== null) {
    buckets.push({
      key: `${action}:account:${who.account.toLowerCase()}`,
      limit: scaled(limits.account.limit, multiplier),
      windowSeconds: limits.account.windowSeconds,
    });
  }
  if (who.address !== null) {
    buckets.push({
      key: `${action}:address:${who.address}`,
      limit: scaled(limits.address.limit, multiplier),
      windowSeconds: limits.address.windowSeconds,
    });
  }
  return buckets;
}

/** The header an in-process caller (the embedded site) names the visitor's address with. */
export const CLIENT_ADDRESS_HEADER = "X-Dovetail-Client-Address";

/**
 * The client's address for limits: the connection's; for a call made in the same process (no Node
 * request in `c.env`), the `X-Dovetail-Client-Address` header the site sets; else null.
 */
export function authClientAddress(c: Context): string | null {
  const address = clientAddress(c);
  if (address !== null) return address;
  const env = c.env as { incoming?: unknown } | undefined;
  if (env?.incoming) return null;
  const header = c.req.header(CLIENT_ADDRESS_HEADER)?.trim();
  return header ? header.slice(0, 100) : null;
}

/** A 429 `{ message, status, code: "RATE_LIMITED", retry_after }` with Retry-After. */
export function rateLimitedError(retryAfter: number): ApiError {
  return new ApiError(429, "Too many attempts: try again later", {
    code: "RATE_LIMITED",
    extra: { retry_after: retryAfter },
    headers: { "Retry-After": String(retryAfter) },
  });
}

/** The answer of a rate-limited call (for a route that returns rather than throws). */
export function rateLimitedResponse(retryAfter: number): Response {
  return apiErrorResponse(rateLimitedError(retryAfter));
}

/**
 * Takes one `action` for `account` (an e-mail, lower-cased here) and the request's client address,
 * at the request's moment; throws the 429 when over a limit.
 */
export async function enforceRateLimit(c: Context<CmsEnv>, action: AuthAction, account: string | null) {
  const result = await takeRateLimit(
    c.var.db,
    authBuckets(action, { account, address: authClientAddress(c) }, c.var.authRateLimit),
    c.var.now,
  );
  if (!result.ok) throw rateLimitedError(result.retryAfter);
}
