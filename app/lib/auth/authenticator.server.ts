import type { AppLoadContext, SessionStorage } from "@remix-run/node";
import { Authenticator, AuthorizationError } from "remix-auth";
import { FormStrategy } from "remix-auth-form";
import { OAuth2Strategy, type OAuth2StrategyOptions } from "remix-auth-oauth2";

import type { AccountUser, TokenAnswer } from "@contract/accounts";
import { authUser, exchangeAuthorizationCode, login } from "~/lib/api/accounts.server";
import { isUpstreamError } from "~/lib/api/errors";
import { siteOrigin } from "~/lib/origin.server";
import type { Visitor } from "~/lib/visitor.server";

import { ensureFingerprint } from "./session-auth.server";

/** What every way of signing in ends with: the tokens and whose they are (signIn stores both). */
export interface SignedIn {
  answer: TokenAnswer;
  user: AccountUser;
}

/** The site's registration at its CMS's authorisation server (decision 040), unless OAUTH_CLIENT_ID says otherwise. */
export const OAUTH_CLIENT_ID = "dovetail-site";

/** The state that came back is not the one this session sent (spec section 5). */
export class BadStateError extends Error {
  constructor() {
    super("Bad state please try again");
    this.name = "BadStateError";
  }
}

/** Whose tokens these are: authUser with the new access token. */
export async function userOf(visitor: Visitor, answer: TokenAnswer): Promise<SignedIn> {
  return { answer, user: await authUser(visitor.transportWith(answer.access_token)) };
}

/**
 * remix-auth's session storage over this request's visitor: strategies read and write the one
 * session every loader shares, and the Set-Cookie they put on a redirect is the visitor's own.
 */
function visitorStorage(visitor: Visitor): SessionStorage {
  return {
    getSession: async () => visitor.session as never,
    commitSession: async () => (await visitor.sessionCookie()) ?? "",
    destroySession: async () => (await visitor.sessionCookie()) ?? "",
  };
}

/**
 * The authorisation-code flow (decision 048). remix-auth-oauth2 makes the authorisation request:
 * the state and the PKCE verifier in the session, the S256 challenge, the redirect to /authorize.
 * The callback is this class's: the library would send the code to the token endpoint with the
 * global fetch, but the embedded CMS answers only in-process, so the exchange goes through the
 * transport like every other upstream call. Its state check is the library's rule, kept.
 */
class CmsOAuth2Strategy extends OAuth2Strategy<SignedIn, { provider: string }> {
  name = "cms";

  constructor(
    options: OAuth2StrategyOptions,
    private readonly visitor: Visitor,
  ) {
    super(options, async () => {
      throw new Error("the callback is handled by CmsOAuth2Strategy");
    });
  }

  async authenticate(
    request: Request,
    sessionStorage: SessionStorage,
    options: Parameters<OAuth2Strategy<SignedIn, { provider: string }>["authenticate"]>[2],
  ) {
    const url = new URL(request.url);
    const state = url.searchParams.get("state");
    // No state yet (the start) or an error from the server: the library's own handling.
    if (!state || url.searchParams.has("error")) return super.authenticate(request, sessionStorage, options);
    const session = this.visitor.session;
    const expected = session.get("oauth2:state");
    const verifier = session.get("oauth2:codeVerifier");
    session.unset("oauth2:state");
    session.unset("oauth2:codeVerifier");
    if (!expected || expected !== state || !verifier) throw new AuthorizationError("Bad state", new BadStateError());
    const code = url.searchParams.get("code");
    if (!code) throw new AuthorizationError("Missing code in the URL");
    try {
      const answer = await exchangeAuthorizationCode(this.visitor.anonymousTransport, {
        grant_type: "authorization_code",
        code,
        client_id: this.options.clientId,
        redirect_uri: this.options.redirectURI.toString(),
        code_verifier: verifier,
        fingerprint: ensureFingerprint(session),
      });
      return await userOf(this.visitor, answer);
    } catch (error) {
      if (error instanceof Response) throw error;
      throw new AuthorizationError((error as Error).message, error as Error);
    }
  }
}

/** Where the browser signs in with its Dovetail account: the API host's /authorize (embedded: this site). */
export function authorizationBase(request: Request, context: AppLoadContext) {
  return (context.upstream.publicUrl || siteOrigin(request, context)).replace(/\/+$/, "");
}

/**
 * The request's authenticator (remix-auth): per request, because its session storage is the
 * visitor's. "password" is the form strategy (email and password, read from the form the action
 * already checked), "cms" the authorisation-code flow against the CMS host.
 */
export function authenticatorFor(request: Request, context: AppLoadContext, visitor: Visitor) {
  const authenticator = new Authenticator<SignedIn>(visitorStorage(visitor), { throwOnError: true });
  authenticator.use(
    new FormStrategy(async ({ form }) => {
      const answer = await login(visitor.anonymousTransport, {
        username: String(form.get("email") ?? "").trim(),
        password: String(form.get("password") ?? ""),
        fingerprint: ensureFingerprint(visitor.session),
      });
      return userOf(visitor, answer);
    }),
    "password",
  );
  const base = authorizationBase(request, context);
  authenticator.use(
    new CmsOAuth2Strategy(
      {
        clientId: context.oauthClientId ?? OAUTH_CLIENT_ID,
        clientSecret: "",
        authorizationEndpoint: `${base}/authorize`,
        tokenEndpoint: `${base}/authtoken`,
        redirectURI: `${siteOrigin(request, context)}/auth`,
        scopes: ["all"],
        codeChallengeMethod: "S256",
      },
      visitor,
    ),
    "cms",
  );
  return authenticator;
}

/** The upstream's error behind a strategy's failure, if that is what it was. */
export function upstreamCause(error: unknown) {
  const cause = error instanceof AuthorizationError ? error.cause : error;
  return isUpstreamError(cause) ? cause : null;
}

export { AuthorizationError };
