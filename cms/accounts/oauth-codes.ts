/**
 * The OAuth2 server's records (decision 040): its clients, and its authorisation codes, which
 * are 32 random bytes stored as their SHA-256, live 60 seconds, are spent by their first exchange
 * and are bound to the client, the redirect URI and the PKCE challenge (see oauth.ts).
 */
import { createHash, randomBytes } from "node:crypto";

import { and, eq, isNull, sql } from "drizzle-orm";
import { z } from "zod";

import type { Db } from "../db/client";
import { oauthClients, oauthCodes } from "../db/schema";
import { sameText } from "../lib/form-csrf";
import { issueTokens, randomId, revokeFamily, sha256 } from "./tokens";

/** How long an authorisation code lives (seconds). */
export const OAUTH_CODE_SECONDS = 60;

/** The authorisation request's parameters, as the form carries them on. */
export const REQUEST_FIELDS = [
  "response_type",
  "client_id",
  "redirect_uri",
  "scope",
  "state",
  "code_challenge",
  "code_challenge_method",
] as const;

export type AuthorizeRequest = Record<(typeof REQUEST_FIELDS)[number], string>;

/**
 * Registers a client, or adds a redirect URI to it (idempotent; safe when several instances start
 * at once).
 */
export async function ensureOAuthClient(db: Db, client: { clientId: string; name: string; redirectUri: string }) {
  const uri = JSON.stringify([client.redirectUri]);
  await db
    .insert(oauthClients)
    .values({ clientId: client.clientId, name: client.name, redirectUris: [client.redirectUri] })
    .onConflictDoUpdate({
      target: oauthClients.clientId,
      set: {
        name: client.name,
        redirectUris: sql`case when ${oauthClients.redirectUris} @> ${uri}::jsonb then ${oauthClients.redirectUris} else ${oauthClients.redirectUris} || ${uri}::jsonb end`,
      },
    });
}

export type Client = typeof oauthClients.$inferSelect;

export async function findClient(db: Db, clientId: string): Promise<Client | null> {
  const [client] = await db.select().from(oauthClients).where(eq(oauthClients.clientId, clientId));
  return client ?? null;
}

/** base64url(SHA-256(verifier)): the S256 challenge of a PKCE verifier. */
export function pkceChallenge(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

/** The family of the tokens a code gives: named after the code, so a replay can revoke them. */
function familyOfCode(codeHash: string): string {
  return `oa${createHash("sha256").update(`family:${codeHash}`).digest("base64url").slice(0, 19)}`;
}

// ── Codes ──────────────────────────────────────────────────────────────────────────────────────

export async function createCode(
  db: Db,
  input: { client: Client; request: AuthorizeRequest; userId: number; now: number },
): Promise<string> {
  const code = randomBytes(32).toString("base64url");
  await db.insert(oauthCodes).values({
    codeHash: sha256(code),
    clientId: input.client.clientId,
    userId: input.userId,
    redirectUri: input.request.redirect_uri,
    codeChallenge: input.request.code_challenge,
    scope: input.request.scope,
    expiresAt: new Date(input.now + OAUTH_CODE_SECONDS * 1000),
  });
  return code;
}

export class OAuthError extends Error {
  constructor(
    readonly error: "invalid_request" | "invalid_client" | "invalid_grant" | "unsupported_grant_type",
    readonly description: string,
  ) {
    super(description);
  }
}

export const tokenSchema = z.object({
  grant_type: z.string().max(100).optional(),
  code: z.string().max(200).optional(),
  client_id: z.string().max(200).optional(),
  redirect_uri: z.string().max(2000).optional(),
  code_verifier: z.string().max(200).optional(),
  fingerprint: z.string().max(100).optional(),
});

/** Exchanges a code for tokens (see the file's comment); throws OAuthError. */
export async function exchangeCode(db: Db, input: z.infer<typeof tokenSchema> & { secret: Uint8Array; now: number }) {
  if (input.grant_type !== "authorization_code") {
    throw new OAuthError(
      input.grant_type ? "unsupported_grant_type" : "invalid_request",
      "grant_type must be authorization_code",
    );
  }
  const { code, client_id, redirect_uri, code_verifier } = input;
  if (!code || !client_id || !redirect_uri || !code_verifier) {
    throw new OAuthError("invalid_request", "code, client_id, redirect_uri and code_verifier are required");
  }
  if (input.fingerprint !== undefined && !/^[\w-]{1,100}$/.test(input.fingerprint)) {
    throw new OAuthError("invalid_request", "fingerprint must be letters, digits, - or _");
  }
  if (!(await findClient(db, client_id))) throw new OAuthError("invalid_client", "unknown client");
  const codeHash = sha256(code);
  const now = new Date(input.now);
  // Spent by this first exchange whatever its outcome: a wrong verifier cannot be retried.
  const [row] = await db
    .update(oauthCodes)
    .set({ usedAt: now })
    .where(and(eq(oauthCodes.codeHash, codeHash), isNull(oauthCodes.usedAt)))
    .returning();
  if (!row) {
    const [spent] = await db
      .select({ c: oauthCodes.codeHash })
      .from(oauthCodes)
      .where(eq(oauthCodes.codeHash, codeHash));
    if (spent) await revokeFamily(db, familyOfCode(codeHash), input.now);
    throw new OAuthError("invalid_grant", "the code is unknown or was used");
  }
  if (row.expiresAt.getTime() <= input.now) throw new OAuthError("invalid_grant", "the code has expired");
  if (row.clientId !== client_id) throw new OAuthError("invalid_grant", "the code was issued to another client");
  if (row.redirectUri !== redirect_uri) throw new OAuthError("invalid_grant", "redirect_uri does not match");
  if (!/^[A-Za-z0-9._~-]{43,128}$/.test(code_verifier) || !sameText(pkceChallenge(code_verifier), row.codeChallenge)) {
    throw new OAuthError("invalid_grant", "code_verifier does not match");
  }
  return issueTokens(db, {
    secret: input.secret,
    userId: row.userId,
    fingerprint: input.fingerprint ?? randomId(),
    now: input.now,
    familyId: familyOfCode(codeHash),
  });
}
