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
import type { Context } from "hono";
import { Hono } from "hono";
import { z } from "zod";

import type { CmsEnv } from "../context";
import type { Db } from "../db/client";
import { csrfMatches, csrfToken } from "../lib/form-csrf";
import { escapeHtml, htmlPage } from "../lib/html-page";
import { ApiError } from "./errors";
import {
  type AuthorizeRequest,
  type Client,
  createCode,
  exchangeCode,
  findClient,
  OAuthError,
  REQUEST_FIELDS,
  tokenSchema,
} from "./oauth-codes";
import { authBuckets, authClientAddress, takeRateLimit } from "./rate-limit";
import { checkPassword } from "./signin";

export { ensureOAuthClient, OAUTH_CODE_SECONDS, pkceChallenge } from "./oauth-codes";

const CSRF_COOKIE = "dovetail_oauth_csrf";

// ── The pages ──────────────────────────────────────────────────────────────────────────────────

function errorPage(c: Context<CmsEnv>, message: string) {
  c.header("Cache-Control", "no-store");
  return c.html(htmlPage("Sign-in error", `<h1>Sign-in error</h1>\n<p>${escapeHtml(message)}</p>`), 400);
}

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
  return c.html(htmlPage(`Sign in to ${input.client.name}`, body), status);
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

// ── Routes ─────────────────────────────────────────────────────────────────────────────────────

export const oauthRoutes = new Hono<CmsEnv>();

oauthRoutes.get("/authorize", async (c) => {
  const checked = await checkRequest(c.var.db, c.req.query());
  if (checked.kind === "page") return errorPage(c, checked.message);
  if (checked.kind === "redirect") return c.redirect(checked.location, 302);
  return signInPage(
    c,
    { request: checked.request, client: checked.client, csrf: csrfToken(c, CSRF_COOKIE, "/authorize") },
    200,
  );
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
  const again = (error: string, status: 400 | 401 | 429) =>
    signInPage(
      c,
      { request: checked.request, client: checked.client, csrf: csrfToken(c, CSRF_COOKIE, "/authorize"), email, error },
      status,
    );
  if (!csrfMatches(c, CSRF_COOKIE, csrf)) {
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
