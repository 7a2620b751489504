/**
 * Tokens (decisions 040 and 041). The access token is an HS256 JWT of 10 minutes with `sub` (user
 * id), `sid` (the refresh family), `adm` (is admin), `iat` and `exp`. A refresh token is 32
 * random bytes, stored as its SHA-256, 30 days, bound to the client's fingerprint and single use:
 * a refresh (`refresh.ts`, decision 119) uses it and issues the next token of the same family. A
 * family is revoked when any of its rows is, so a token issued in a race with the revocation is
 * revoked too. Every Bearer call checks the family, so logout ends the
 * access token at once. All times are the caller's `now` (ms): the app's clock, fake in tests.
 */
import { createHash, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";

import { and, eq, gt, isNull, ne, type SQL, sql } from "drizzle-orm";
import type { Context, MiddlewareHandler } from "hono";
import { errors as joseErrors, jwtVerify, SignJWT } from "jose";

import type { CmsEnv } from "../context";
import { tokenAnswerSchema } from "../contract/accounts";
import { answer } from "../contract/answer";
import type { Db } from "../db/client";
import { refreshTokens, users } from "../db/schema";
import { verifyCallToken } from "./access-once";
import { ApiError } from "./errors";

export type User = typeof users.$inferSelect;

/** Access token lifetime (seconds). */
export const ACCESS_TOKEN_SECONDS = 600;
/** Refresh token lifetime (seconds). */
export const REFRESH_TOKEN_SECONDS = 30 * 86_400;

/** The answer of every call that signs in. */
export interface TokenAnswer {
  access_token: string;
  refresh_token: string;
  token_type: "Bearer";
  expires_in: number;
}

/** SHA-256 (hex) of a secret given to a client: what the database keeps. */
export function sha256(value: string): string {
  return createHash("sha256").update(value).digest("hex");
}

/** A fresh random id of 21 URL-safe characters (a family id, a default fingerprint). */
export function randomId(): string {
  return randomBytes(16).toString("base64url").slice(0, 21);
}

/** The signing key of a secret's text. */
export function tokenKey(secret: string): Uint8Array {
  return new TextEncoder().encode(secret);
}

/**
 * The token secret: JWT_SECRET when set, else one generated once into `DATA_DIR/jwt-secret`
 * (0600) and reused, as the session secret is.
 */
export function loadTokenSecret(jwtSecret: string | undefined, dataDir: string): string {
  if (jwtSecret) return jwtSecret;
  const file = path.resolve(dataDir, "jwt-secret");
  if (existsSync(file)) return readFileSync(file, "utf8").trim();
  mkdirSync(path.dirname(file), { recursive: true, mode: 0o700 });
  const secret = randomBytes(32).toString("base64url");
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}

export function tokenInvalid(message = "Invalid token") {
  return new ApiError(401, message, { code: "TOKEN_INVALID" });
}

async function signAccessToken(secret: Uint8Array, user: TokenUser, familyId: string, now: number) {
  const iat = Math.floor(now / 1000);
  return new SignJWT({ sid: familyId, adm: user.isAdmin })
    .setProtectedHeader({ alg: "HS256", typ: "JWT" })
    .setSubject(String(user.id))
    .setIssuedAt(iat)
    .setExpirationTime(iat + ACCESS_TOKEN_SECONDS)
    .sign(secret);
}

/** What an access token says of its member. */
export interface TokenUser {
  id: number;
  isAdmin: boolean;
}

/** The member tokens are issued to; an unknown one is 401 TOKEN_INVALID. */
export async function tokenUser(db: Db, userId: number): Promise<TokenUser> {
  const [user] = await db.select({ id: users.id, isAdmin: users.isAdmin }).from(users).where(eq(users.id, userId));
  if (!user) throw tokenInvalid("Unknown user");
  return user;
}

/** The token answer of a refresh token: with a new access token of its family, signed now. */
export async function tokenAnswer(
  secret: Uint8Array,
  user: TokenUser,
  familyId: string,
  refreshToken: string,
  now: number,
): Promise<TokenAnswer> {
  return answer(tokenAnswerSchema, {
    access_token: await signAccessToken(secret, user, familyId, now),
    refresh_token: refreshToken,
    token_type: "Bearer",
    expires_in: ACCESS_TOKEN_SECONDS,
  });
}

export interface IssueTokensInput {
  /** The signing key (`c.var.tokenSecret`). */
  secret: Uint8Array;
  userId: number;
  /** The client's fingerprint: the refresh token works only with it. */
  fingerprint: string;
  /** The moment (ms), `c.var.now`. */
  now: number;
  /** The family to continue; a new one (a sign-in) when absent. */
  familyId?: string;
  /** The refresh token to issue (a refresh's successor, decision 119); 32 random bytes when absent. */
  refreshToken?: string;
}

/** Signs a member in: an access token and the first (or next) refresh token of a family. */
export async function issueTokens(db: Db, input: IssueTokensInput): Promise<TokenAnswer> {
  const user = await tokenUser(db, input.userId);
  const familyId = input.familyId ?? randomId();
  const refreshToken = input.refreshToken ?? randomBytes(32).toString("base64url");
  await db.insert(refreshTokens).values({
    tokenHash: sha256(refreshToken),
    familyId,
    userId: user.id,
    fingerprint: input.fingerprint,
    createdAt: new Date(input.now),
    expiresAt: new Date(input.now + REFRESH_TOKEN_SECONDS * 1000),
  });
  return tokenAnswer(input.secret, user, familyId, refreshToken, input.now);
}

/** The outer statement's family column, qualified (drizzle leaves columns unqualified in an UPDATE). */
const OUTER_FAMILY = sql.raw(`"refresh_tokens"."family_id"`);

/** Whether any row of the family is revoked (SQL, for a where clause). */
export function familyRevoked(familyId: string | SQL) {
  return sql`exists (select 1 from ${refreshTokens} r where r.family_id = ${familyId} and r.revoked_at is not null)`;
}

/** Revokes every token of a family (logout, a replayed refresh token). */
export async function revokeFamily(db: Db, familyId: string, now: number) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(now) })
    .where(and(eq(refreshTokens.familyId, familyId), isNull(refreshTokens.revokedAt)));
}

/** Revokes a member's every family but `keepFamilyId` (a password change signs the other devices out). */
export async function revokeOtherFamilies(db: Db, userId: number, keepFamilyId: string | null, now: number) {
  await db
    .update(refreshTokens)
    .set({ revokedAt: new Date(now) })
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.revokedAt),
        keepFamilyId === null ? undefined : ne(refreshTokens.familyId, keepFamilyId),
      ),
    );
}

export interface VerifiedAccess {
  user: User;
  familyId: string;
}

/**
 * The member an access token signs in. Expired: 401 TOKEN_EXPIRED; a bad signature: 422
 * "Signature verification failed" (TOKEN_INVALID); malformed, a revoked family or an unknown user:
 * 401 TOKEN_INVALID.
 */
export async function verifyAccessToken(
  db: Db,
  secret: Uint8Array,
  token: string,
  now: number,
): Promise<VerifiedAccess> {
  let sub: unknown;
  let sid: unknown;
  try {
    const { payload } = await jwtVerify(token, secret, { algorithms: ["HS256"], currentDate: new Date(now) });
    sub = payload.sub;
    sid = payload.sid;
  } catch (error) {
    if (error instanceof joseErrors.JWTExpired) {
      throw new ApiError(401, "Token expired", { code: "TOKEN_EXPIRED" });
    }
    if (error instanceof joseErrors.JWSSignatureVerificationFailed) {
      throw new ApiError(422, "Signature verification failed", { code: "TOKEN_INVALID" });
    }
    throw tokenInvalid();
  }
  if (typeof sub !== "string" || !/^[1-9]\d{0,9}$/.test(sub) || typeof sid !== "string" || sid === "") {
    throw tokenInvalid();
  }
  const userId = Number(sub);
  const [user] = await db
    .select()
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        sql`exists (select 1 from ${refreshTokens} f where f.family_id = ${sid} and f.user_id = ${userId})`,
        sql`not ${familyRevoked(sid)}`,
      ),
    );
  if (!user) throw tokenInvalid();
  return { user, familyId: sid };
}

/** The Bearer token of a request's Authorization header, or null. */
export function bearerToken(header: string | undefined): string | null {
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header ?? "");
  return match ? match[1] : null;
}

/**
 * Middleware of the Bearer calls: sets `c.var.user` and `c.var.tokenFamily`, or answers 401/422
 * as `verifyAccessToken` says (a missing token is 401 TOKEN_INVALID).
 */
export const requireUser: MiddlewareHandler<CmsEnv> = async (c, next) => {
  const token = bearerToken(c.req.header("authorization"));
  if (!token) throw tokenInvalid("Missing bearer token");
  const { user, familyId } = await verifyCallToken(c, token);
  c.set("user", user);
  c.set("tokenFamily", familyId);
  await next();
};

/** The member of an optional Bearer token: null without one; a bad token counts only when sign-in is needed. */
export async function optionalUser(c: Context<CmsEnv>, needed: boolean): Promise<User | null> {
  const token = bearerToken(c.req.header("authorization"));
  if (!token) return null;
  try {
    return (await verifyCallToken(c, token)).user;
  } catch (error) {
    if (needed) throw error;
    return null;
  }
}

/** Whether a member still has a live (unrevoked, unexpired) refresh token: for tests and admin views. */
export async function liveFamilies(db: Db, userId: number, now: number): Promise<string[]> {
  const rows = await db
    .selectDistinct({ familyId: refreshTokens.familyId })
    .from(refreshTokens)
    .where(
      and(
        eq(refreshTokens.userId, userId),
        isNull(refreshTokens.usedAt),
        gt(refreshTokens.expiresAt, new Date(now)),
        sql`not ${familyRevoked(OUTER_FAMILY)}`,
      ),
    );
  return rows.map((r) => r.familyId);
}
