/**
 * The OAuth2 authorisation server (decision 040), at the CMS's root: the authorisation-code grant
 * with PKCE (S256) only.
 *
 * - `GET /authorize` checks the request and shows a sign-in form (no script; a CSRF double-submit
 *   token in an httpOnly SameSite=Lax cookie and a hidden field). Until the client and its exact
 *   redirect URI are known, an error is a plain 400 page, never a redirect; after, the error goes
 *   back to the redirect URI as RFC 6749 says.
 * - `POST /authorize` checks the form, the token and the password (rate-limited like /login) and
 *   redirects to `redirect_uri?code=…&state=…`.
 * - `POST /authtoken` (form or JSON) exchanges a code for tokens. A code is 32 random bytes,
 *   stored as its SHA-256, lives 60 seconds, is spent by its first exchange (whatever the outcome)
 *   and is bound to the client, the redirect URI and the PKCE challenge. The tokens it gives start
 *   a refresh family named after the code, so presenting a spent code again revokes them.
 */
import { createHash, randomBytes, timingSafeEqual } from "node:crypto";

import { and, eq, isNull, sql } from "drizzle-orm";
import type { Context } from "hono";
import { Hono } from "hono";
import { getCookie, setCookie } from "hono/cookie";
import { z } from "zod";

import type { CmsEnv } from "../context";
import type { Db } from "../db/client";
import { oauthClients, oauthCodes } from "../db/schema";
import { ApiError } from "./errors";
import { authBuckets, authClientAddress, takeRateLimit } from "./rate-limit";
import { checkPassword } from "./signin";
import { issueTokens, randomId, revokeFamily, sha256 } from "./tokens";

/** How long an authorisation code lives (seconds). */
export const OAUTH_CODE_SECONDS = 60;
const CSRF_COOKIE = "dovetail_oauth_csrf";

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

type Client = typeof oauthClients.$inferSelect;

async function findClient(db: Db, clientId: string): Promise<Client | null> {
  const [client] = await db.select().from(oauthClients).where(eq(oauthClients.clientId, clientId));
  return client ?? null;
}

/** base64url(SHA-256(verifier)): the S256 challenge of a PKCE verifier. */
export function pkceChallenge(verifier: string): string {
  return createHash("sha256").update(verifier).digest("base64url");
}

function sameText(a: string, b: string): boolean {
  const x = Buffer.from(a);
  const y = Buffer.from(b);
  return x.length === y.length && timingSafeEqual(x, y);
}

/** The family of the tokens a code gives: named after the code, so a replay can revoke them. */
function familyOfCode(codeHash: string): string {
  return `oa${createHash("sha256").update(`family:${codeHash}`).digest("base64url").slice(0, 19)}`;
}

// ── The pages ──────────────────────────────────────────────────────────────────────────────────

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`);
}

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${escapeHtml(title)}</title>
</head>
<body>
<main>
${body}
</main>
</body>
</html>
`;
}

function errorPage(c: Context<CmsEnv>, message: string) {
  c.header("Cache-Control", "no-store");
  return c.html(page("Sign-in error", `<h1>Sign-in error</h1>\n<p>${escapeHtml(message)}</p>`), 400);
}

/** The authorisation request's parameters, as the form carries them on. */
const REQUEST_FIELDS = [
  "response_type",
  "client_id",
  "redirect_uri",
  "scope",
  "state",
  "code_challenge",
  "code_challenge_method",
] as const;

type AuthorizeRequest = Record<(typeof REQUEST_FIELDS)[number], string>;

function signInPage(
  c: Context<CmsEnv>,
  input: { request: AuthorizeRequest; client: Client; csrf: string; email?: string; error?: string },
  status: 200 | 401 | 400 | 429,
) {
  const hidden = [...REQUEST_FIELDS.map((f) => [f, input.request[f]] as const), ["csrf", input.csrf] as const]
    .map(([name, value]) => `<input type="hidden" name="${name}" value="${escapeHtml(value)}">`)
    .join("\n");
  const error = input.error ? `<p role="alert" id="error">${escapeHtml(input.error)}</p>\n` : "";
  const described = input.error ? ' aria-describedby="error"' : "";
  const body = `<h1>Sign in to ${escapeHtml(input.client.name)}</h1>
${error}<form method="post" action="/authorize">
${hidden}
<p><label for="email">E-mail</label><br>
<input id="email" name="email" type="email" autocomplete="username" required maxlength="254" value="${escapeHtml(input.email ?? "")}"${described}></p>
<p><label for="password">Password</label><br>
<input id="password" name="password" type="password" autocomplete="current-password" required maxlength="1000"${described}></p>
<p><button type="submit">Sign in</button></p>
</form>`;
  c.header("Cache-Control", "no-store");
  return c.html(page(`Sign in to ${input.client.name}`, body), status);
}

// ── Checking a request ─────────────────────────────────────────────────────────────────────────

const text = (max: number) => z.string().max(max).optional();
const requestSchema = z.object({
  response_type: text(50),
  client_id: text(200),
  redirect_uri: text(2000),
  scope: text(200),
  state: text(1000),
  code_challenge: text(200),
  code_challenge_method: text(20),
});

type Checked =
  | { kind: "page"; message: string }
  | { kind: "redirect"; location: string }
  | { kind: "ok"; request: AuthorizeRequest; client: Client };

function withParams(uri: string, params: Record<string, string | undefined>): string {
  const url = new URL(uri);
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== "") url.searchParams.set(k, v);
  return url.toString();
}

/** Checks an authorisation request (the query of GET, the form of POST). */
async function checkRequest(db: Db, raw: Record<string, unknown>): Promise<Checked> {
  const parsed = requestSchema.safeParse(raw);
  if (!parsed.success) return { kind: "page", message: "The sign-in request is not valid." };
  const q = parsed.data;
  if (!q.client_id) return { kind: "page", message: "The sign-in request names no client." };
  const client = await findClient(db, q.client_id);
  if (!client) return { kind: "page", message: "The sign-in request names an unknown client." };
  if (!q.redirect_uri || !client.redirectUris.includes(q.redirect_uri)) {
    return { kind: "page", message: "The sign-in request's return address is not registered for this client." };
  }
  // From here the redirect URI is trusted: errors go back to it.
  const back = (error: string, description: string) => ({
    kind: "redirect" as const,
    location: withParams(q.redirect_uri!, { error, error_description: description, state: q.state }),
  });
  if (q.response_type !== "code") return back("unsupported_response_type", "response_type must be code");
  if (q.scope !== "all") return back("invalid_scope", "scope must be all");
  if (!q.state) return back("invalid_request", "state is required");
  if (!q.code_challenge || !/^[A-Za-z0-9_-]{43}$/.test(q.code_challenge)) {
    return back("invalid_request", "code_challenge is required (S256)");
  }
  if (q.code_challenge_method !== "S256") return back("invalid_request", "code_challenge_method must be S256");
  const request = Object.fromEntries(REQUEST_FIELDS.map((f) => [f, q[f] ?? ""])) as AuthorizeRequest;
  return { kind: "ok", request, client };
}

function csrfToken(c: Context<CmsEnv>): string {
  const existing = getCookie(c, CSRF_COOKIE);
  if (existing && /^[\w-]{43}$/.test(existing)) return existing;
  const token = randomBytes(32).toString("base64url");
  setCookie(c, CSRF_COOKIE, token, {
    httpOnly: true,
    sameSite: "Lax",
    path: "/authorize",
    secure: new URL(c.req.url).protocol === "https:",
    maxAge: 3600,
  });
  return token;
}

// ── Codes ──────────────────────────────────────────────────────────────────────────────────────

async function createCode(
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

class OAuthError extends Error {
  constructor(
    readonly error: "invalid_request" | "invalid_client" | "invalid_grant" | "unsupported_grant_type",
    readonly description: string,
  ) {
    super(description);
  }
}

const tokenSchema = z.object({
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

// ── Routes ─────────────────────────────────────────────────────────────────────────────────────

export const oauthRoutes = new Hono<CmsEnv>();

oauthRoutes.get("/authorize", async (c) => {
  const checked = await checkRequest(c.var.db, c.req.query());
  if (checked.kind === "page") return errorPage(c, checked.message);
  if (checked.kind === "redirect") return c.redirect(checked.location, 302);
  return signInPage(c, { request: checked.request, client: checked.client, csrf: csrfToken(c) }, 200);
});

const signInSchema = z.object({
  email: z.string().trim().toLowerCase().max(254).default(""),
  password: z.string().max(1000).default(""),
  csrf: z.string().max(100).default(""),
});

oauthRoutes.post("/authorize", async (c) => {
  const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
  if (type !== "application/x-www-form-urlencoded" && type !== "multipart/form-data") {
    return errorPage(c, "The sign-in form was not sent as a form.");
  }
  const form = Object.fromEntries(
    Object.entries(await c.req.parseBody()).filter((entry): entry is [string, string] => typeof entry[1] === "string"),
  );
  const checked = await checkRequest(c.var.db, form);
  if (checked.kind === "page") return errorPage(c, checked.message);
  if (checked.kind === "redirect") return c.redirect(checked.location, 302);
  const parsed = signInSchema.safeParse(form);
  if (!parsed.success) return errorPage(c, "The sign-in form is not valid.");
  const { email, password, csrf } = parsed.data;
  const cookie = getCookie(c, CSRF_COOKIE) ?? "";
  const again = (error: string, status: 400 | 401 | 429) =>
    signInPage(c, { request: checked.request, client: checked.client, csrf: csrfToken(c), email, error }, status);
  if (cookie === "" || !sameText(cookie, csrf)) {
    return again("The sign-in form had expired. Please sign in again.", 400);
  }
  if (email === "" || password === "") return again("Enter your e-mail and password.", 400);
  const limit = await takeRateLimit(
    c.var.db,
    authBuckets("login", { account: email, address: authClientAddress(c) }, c.var.authRateLimit),
    c.var.now,
  );
  if (!limit.ok) {
    c.header("Retry-After", String(limit.retryAfter));
    return again("Too many attempts. Please try again later.", 429);
  }
  const user = await checkPassword(c.var.db, email, password);
  if (!user) return again("The e-mail or password is not right.", 401);
  const code = await createCode(c.var.db, {
    client: checked.client,
    request: checked.request,
    userId: user.id,
    now: c.var.now,
  });
  c.header("Cache-Control", "no-store");
  return c.redirect(withParams(checked.request.redirect_uri, { code, state: checked.request.state }), 302);
});

oauthRoutes.post("/authtoken", async (c) => {
  c.header("Cache-Control", "no-store");
  c.header("Pragma", "no-cache");
  const type = (c.req.header("content-type") ?? "").split(";")[0].trim().toLowerCase();
  let body: unknown = {};
  try {
    if (type === "application/x-www-form-urlencoded" || type === "multipart/form-data") body = await c.req.parseBody();
    else body = await c.req.json();
  } catch {
    return c.json({ error: "invalid_request", error_description: "the body must be a form or a JSON object" }, 400);
  }
  const parsed = tokenSchema.safeParse(body);
  if (!parsed.success) return c.json({ error: "invalid_request", error_description: "bad parameters" }, 400);
  try {
    return c.json(await exchangeCode(c.var.db, { ...parsed.data, secret: c.var.tokenSecret, now: c.var.now }));
  } catch (error) {
    if (error instanceof OAuthError) return c.json({ error: error.error, error_description: error.description }, 400);
    if (error instanceof ApiError) return c.json({ error: "invalid_grant", error_description: error.message }, 400);
    throw error;
  }
});
