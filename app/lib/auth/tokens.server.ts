import { createHash } from "node:crypto";

import { redirect } from "@remix-run/node";
import { decodeJwt } from "jose";

import type { TokenAnswer } from "@contract/accounts";
import { cacheControl } from "~/shared/cache-control";

import type { BearerAuth } from "../api/transport.server";
import type { AppSession } from "../session.server";

/** An access token with this much time left or less is refreshed before it is sent (spec section 4). */
export const REFRESH_MARGIN_MS = 30_000;

/**
 * How long a refresh's outcome stays shared after it settled: a request that left with the old
 * cookie while the refresh ran (the browser had not got the new one yet) gets the same new tokens
 * without asking the CMS again. (The CMS would answer the spent token with the same successor for
 * 30 s too, decision 119; past that, presenting it revokes the whole family.)
 */
export const SHARED_OUTCOME_MS = 30_000;

/** The tokens as the session keeps them. */
export interface SessionTokens {
  accessToken: string;
  refreshToken: string;
  accessExpiresAt?: number;
}

/** When an access token expires: from `expires_in` (our clock), else from its `exp` claim, else unknown. */
export function accessExpiry(answer: Pick<TokenAnswer, "access_token" | "expires_in">, now: number) {
  if (typeof answer.expires_in === "number" && answer.expires_in > 0) return now + answer.expires_in * 1000;
  try {
    const { exp } = decodeJwt(answer.access_token);
    return typeof exp === "number" ? exp * 1000 : undefined;
  } catch {
    return undefined;
  }
}

export function tokensFrom(answer: TokenAnswer, now: number): SessionTokens {
  return {
    accessToken: answer.access_token,
    refreshToken: answer.refresh_token,
    accessExpiresAt: accessExpiry(answer, now),
  };
}

/** Writes tokens into the session (the answer's Set-Cookie carries them; nothing else does). */
export function storeTokens(session: AppSession, tokens: SessionTokens) {
  session.set("accessToken", tokens.accessToken);
  session.set("refreshToken", tokens.refreshToken);
  if (tokens.accessExpiresAt === undefined) session.unset("accessExpiresAt");
  else session.set("accessExpiresAt", tokens.accessExpiresAt);
}

/** Ends the sign-in held by a session: its tokens and member snapshot go (the caller commits). */
export function clearSignIn(session: AppSession) {
  for (const key of ["accessToken", "refreshToken", "accessExpiresAt", "member"] as const) session.unset(key);
}

/**
 * Refreshes in flight, and for SHARED_OUTCOME_MS after, keyed by the SHA-256 of the refresh token
 * they spend: concurrent requests of one session share one refresh. In this process only: two
 * requests of one session on two instances refresh twice, and the CMS settles that under the
 * token's row lock, answering the second with the successor the first made (decision 119).
 */
const refreshes = new Map<string, { outcome: Promise<SessionTokens>; settledAt?: number }>();

const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

function forget(now: number) {
  for (const [key, entry] of refreshes) {
    if (entry.settledAt !== undefined && now - entry.settledAt > SHARED_OUTCOME_MS) refreshes.delete(key);
  }
}

/** One refresh per refresh token, however many ask (see `refreshes`). A failure is not kept. */
export function sharedRefresh(
  refreshToken: string,
  run: () => Promise<SessionTokens>,
  now: () => number,
): Promise<SessionTokens> {
  forget(now());
  const key = hashOf(refreshToken);
  const known = refreshes.get(key);
  if (known) return known.outcome;
  const entry: { outcome: Promise<SessionTokens>; settledAt?: number } = { outcome: run() };
  refreshes.set(key, entry);
  entry.outcome.then(
    () => (entry.settledAt = now()),
    () => refreshes.delete(key),
  );
  return entry.outcome;
}

/** For tests: forget every shared refresh. */
export function resetSharedRefreshes() {
  refreshes.clear();
}

export interface SessionAuthOptions {
  session: AppSession;
  /** The upstream's refreshToken call (anonymous): the next tokens, or a rejection. */
  refresh: (refreshToken: string, fingerprint: string) => Promise<TokenAnswer>;
  /** The answer's Set-Cookie as the session is now (the visitor's `sessionCookie`). */
  sessionCookie: () => Promise<string | null>;
  /** The clock, injectable in tests. */
  now?: () => number;
}

/**
 * The BearerAuth of a signed-in session (spec section 4): the access token is refreshed when 30 s
 * or less remain; after TOKEN_EXPIRED once; concurrent requests share one refresh; a failed
 * refresh or a refused token clears the sign-in and sends the visitor to `/` (a thrown redirect
 * carrying the cleared cookie). Refreshed tokens are written into the session.
 */
export function createSessionAuth({ session, refresh, sessionCookie, now = Date.now }: SessionAuthOptions): BearerAuth {
  async function refused(): Promise<never> {
    clearSignIn(session);
    const headers = new Headers({ "Cache-Control": cacheControl.private });
    const cookie = await sessionCookie();
    if (cookie) headers.append("Set-Cookie", cookie);
    throw redirect("/", { headers });
  }

  async function refreshNow(): Promise<string> {
    const refreshToken = session.get("refreshToken");
    const fingerprint = session.get("fingerprint");
    if (!refreshToken || !fingerprint) return refused();
    let tokens: SessionTokens;
    try {
      tokens = await sharedRefresh(
        refreshToken,
        async () => tokensFrom(await refresh(refreshToken, fingerprint), now()),
        now,
      );
    } catch {
      return refused();
    }
    storeTokens(session, tokens);
    return tokens.accessToken;
  }

  return {
    async token() {
      const accessToken = session.get("accessToken");
      if (!accessToken) return refused();
      const expiresAt = session.get("accessExpiresAt");
      if (session.get("refreshToken") && typeof expiresAt === "number" && expiresAt - now() <= REFRESH_MARGIN_MS) {
        return refreshNow();
      }
      return accessToken;
    },
    async expired(used) {
      // Another call of this request refreshed already: its token is the one to use.
      const current = session.get("accessToken");
      if (current && current !== used) return current;
      return refreshNow();
    },
    refused,
  };
}
