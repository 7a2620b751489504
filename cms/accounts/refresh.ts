/**
 * Refreshing a member's tokens (decisions 041 and 119). A refresh token is single use: a refresh
 * takes the token's row lock (`select … for update`), marks it used and issues its successor in
 * the same family, in one transaction, so the refreshes of one token are settled one after the
 * other in the database whichever site instance (or external site) asks.
 *
 * The successor is not random but an HMAC of the used token under the token secret: nothing more
 * is stored, and the database never holds a usable token. A second refresh of a used token within
 * REFRESH_GRACE_MS of its use, with the fingerprint the first refresh had, is the same client
 * asking twice (two requests of one session that reached two instances): it gets that successor
 * again (or, if that was spent too, the family's unspent token) with a new access token of the
 * family. Any other use of a used token (later, or from another fingerprint) is a replay and
 * revokes the whole family.
 */
import { createHmac } from "node:crypto";

import { eq, sql } from "drizzle-orm";

import type { Db } from "../db/client";
import { refreshTokens } from "../db/schema";
import {
  familyRevoked,
  issueTokens,
  revokeFamily,
  sha256,
  type TokenAnswer,
  tokenAnswer,
  tokenInvalid,
  tokenUser,
} from "./tokens";

/**
 * How long after a refresh the same refresh token, from the same fingerprint, still gets the
 * successor instead of revoking the family (ms): long enough for a request that left the browser
 * with the old cookie while the refresh ran, short enough that a copied token is soon worthless.
 */
export const REFRESH_GRACE_MS = 30_000;

/** How many spent successors a grace answer follows to the family's unspent token. */
const MAX_SUCCESSORS = 5;

/** The successor of a refresh token: what a refresh with `usedToken` issues, every time. */
export function successorToken(secret: Uint8Array, usedToken: string): string {
  return createHmac("sha256", secret).update("dovetail refresh successor\0").update(usedToken).digest("base64url");
}

export interface RotateInput {
  secret: Uint8Array;
  refreshToken: string;
  fingerprint: string;
  now: number;
}

/**
 * Uses a refresh token and answers the next of its family. Unknown, expired, revoked or with
 * another fingerprint: 401 TOKEN_INVALID, and the token stays unused. Used before: within the
 * grace window and from the same fingerprint, the successor again; else the family is revoked,
 * then the same 401.
 */
export async function rotateRefreshToken(db: Db, input: RotateInput): Promise<TokenAnswer> {
  // A refusal is answered after the commit, so that a replay's revocation stays.
  const answer = await db.transaction((tx) => rotateLocked(tx as unknown as Db, input));
  if (!answer) throw tokenInvalid("Invalid refresh token");
  return answer;
}

async function rotateLocked(db: Db, input: RotateInput): Promise<TokenAnswer | null> {
  const at = new Date(input.now);
  const [row] = await db
    .select({
      familyId: refreshTokens.familyId,
      userId: refreshTokens.userId,
      fingerprint: refreshTokens.fingerprint,
      expiresAt: refreshTokens.expiresAt,
      usedAt: refreshTokens.usedAt,
      revoked: sql<boolean>`${familyRevoked(sql`${refreshTokens.familyId}`)}`,
    })
    .from(refreshTokens)
    .where(eq(refreshTokens.tokenHash, sha256(input.refreshToken)))
    .for("update");
  if (!row) return null;
  const sameClient = row.fingerprint === input.fingerprint;
  if (row.usedAt === null) {
    if (!sameClient || row.revoked || row.expiresAt <= at) return null;
    await db
      .update(refreshTokens)
      .set({ usedAt: at })
      .where(eq(refreshTokens.tokenHash, sha256(input.refreshToken)));
    return issueTokens(db, {
      secret: input.secret,
      userId: row.userId,
      fingerprint: input.fingerprint,
      now: input.now,
      familyId: row.familyId,
      refreshToken: successorToken(input.secret, input.refreshToken),
    });
  }
  // The clocks of two instances may differ a little: a use "after" now is within the window too.
  if (!row.revoked && sameClient && input.now - row.usedAt.getTime() <= REFRESH_GRACE_MS) {
    const again = await graceAnswer(db, input, row.familyId, row.userId);
    if (again) return again;
  }
  // A replayed token: whoever holds the family now may be a thief, so it ends for everyone.
  await revokeFamily(db, row.familyId, input.now);
  return null;
}

/**
 * The answer to a second refresh of a token just used: its successor (followed while spent) with
 * a new access token of the family. Null when the successor cannot be found (issued under another
 * secret) or has expired.
 */
async function graceAnswer(db: Db, input: RotateInput, familyId: string, userId: number) {
  let token = input.refreshToken;
  for (let hop = 0; hop < MAX_SUCCESSORS; hop++) {
    token = successorToken(input.secret, token);
    const [next] = await db
      .select({ familyId: refreshTokens.familyId, usedAt: refreshTokens.usedAt, expiresAt: refreshTokens.expiresAt })
      .from(refreshTokens)
      .where(eq(refreshTokens.tokenHash, sha256(token)));
    if (!next || next.familyId !== familyId || next.expiresAt.getTime() <= input.now) return null;
    if (next.usedAt === null) return tokenAnswer(input.secret, await tokenUser(db, userId), familyId, token, input.now);
  }
  return null;
}
