import { authUserAnswerSchema, okAnswerSchema, tokenAnswerSchema } from "@contract/accounts";

import type { Transport } from "./transport.server";

/**
 * The sign-in calls of the accounts API (decision 040), each through the transport and parsed
 * with zod. Calls that carry a password or a code are POSTs with a JSON body (a query ends up in
 * logs). The profile's calls are in `profile.server.ts`.
 */
export const USER_API = "/api/v1/cognito/user";

/** POST /login: email and password; 401 INVALID_CREDENTIALS, 429 RATE_LIMITED. */
export function login(t: Transport, body: { username: string; password: string; fingerprint: string }) {
  return t.post(`${USER_API}/login`, tokenAnswerSchema, body);
}

/** GET /logout (Bearer): the token's refresh family is revoked, so its access token ends too. */
export function logout(t: Transport) {
  return t.get(`${USER_API}/logout`, okAnswerSchema);
}

/** POST /refreshToken: the next tokens of the family; the old refresh token stops working. */
export function refreshToken(t: Transport, body: { refresh_token: string; fingerprint: string }) {
  return t.post(`${USER_API}/refreshToken`, tokenAnswerSchema, body);
}

/** GET /authUser (Bearer): the member the token belongs to. */
export async function authUser(t: Transport) {
  return (await t.get(`${USER_API}/authUser`, authUserAnswerSchema)).user;
}

/** POST /sendLoginLink: a link or, with code_only, a 6-digit code by mail; `{ ok: true }` whatever the email. */
export function sendLoginLink(
  t: Transport,
  body: { email: string; fingerprint: string; code_only: boolean; language?: string; redirect_to?: string },
) {
  return t.post(`${USER_API}/sendLoginLink`, okAnswerSchema, body);
}

/** POST /loginRecoveryCode: a mailed code (or a link's) signs in; 400 CODE_INVALID, CODE_USED, CODE_EXPIRED. */
export function loginRecoveryCode(t: Transport, body: { email: string; code: string; fingerprint: string }) {
  return t.post(`${USER_API}/loginRecoveryCode`, tokenAnswerSchema, body);
}

/** POST /authtoken on the API host: the authorisation code and its PKCE verifier for tokens. */
export function exchangeAuthorizationCode(
  t: Transport,
  body: {
    grant_type: "authorization_code";
    code: string;
    client_id: string;
    redirect_uri: string;
    code_verifier: string;
    fingerprint?: string;
  },
) {
  return t.post("/authtoken", tokenAnswerSchema, body);
}
