/** The OAuth2 authorisation-code grant with PKCE, through the CMS app, on each driver. */
import { randomBytes } from "node:crypto";

import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";

import { oauthClients, rateLimits } from "../db/schema";
import { closeAndSettle, createCmsApp, drivers, openTestDatabase, type TestDatabase } from "../test/databases";
import { ensureOAuthClient, pkceChallenge } from "./oauth";
import { addUser, type ApiClient, apiClient, fakeClock } from "./test-support";

const CLIENT = "dovetail-site";
const REDIRECT = "https://site.example/auth";
const PASSWORD = "oauth password 1";

function hiddenFields(html: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const m of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g)) {
    out[m[1]] = m[2].replace(/&#(\d+);/g, (_, n) => String.fromCharCode(Number(n)));
  }
  return out;
}

function cookieOf(res: { headers: Headers }): string {
  const set = res.headers.get("set-cookie") ?? "";
  return set.split(";")[0];
}

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`OAuth2 — ${driver.title}`, () => {
    let t: TestDatabase;
    let api: ApiClient;
    const clock = fakeClock();
    let verifier: string;

    function authorizeQuery(overrides: Record<string, string | undefined> = {}) {
      const params = {
        response_type: "code",
        client_id: CLIENT,
        redirect_uri: REDIRECT,
        scope: "all",
        state: "state-123 &<x>",
        code_challenge: pkceChallenge(verifier),
        code_challenge_method: "S256",
        ...overrides,
      };
      const q = new URLSearchParams();
      for (const [k, v] of Object.entries(params)) if (v !== undefined) q.set(k, v);
      return q.toString();
    }

    /** Opens the form and posts it; answers the POST's answer. */
    async function signIn(email: string, password: string, query = authorizeQuery()) {
      const page = await api.get(`/authorize?${query}`);
      expect(page.status, String(page.body)).toBe(200);
      const fields = hiddenFields(page.body);
      const form = new URLSearchParams({ ...fields, email, password });
      return api.call("POST", "/authorize", { form, headers: { cookie: cookieOf(page) } });
    }

    async function codeFor(email = "oauth@example.com") {
      const res = await signIn(email, PASSWORD);
      expect(res.status).toBe(302);
      return new URL(res.headers.get("location")!);
    }

    function exchange(body: Record<string, string>, asForm = true) {
      if (asForm) return api.call("POST", "/authtoken", { form: new URLSearchParams(body) });
      return api.post("/authtoken", body);
    }

    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "oauth");
      await addUser(t.database.db, { email: "oauth@example.com", password: PASSWORD });
      await ensureOAuthClient(t.database.db, { clientId: CLIENT, name: "Dovetail website", redirectUri: REDIRECT });
      api = apiClient(
        createCmsApp(t.database, { clock: clock.now, tokenSecret: "oauth-test-secret-0123456789-012345" }),
      );
    });
    afterAll(async () => {
      if (t) await closeAndSettle(t);
      await t?.dispose();
    });
    beforeEach(async () => {
      verifier = randomBytes(32).toString("base64url");
      await t.database.db.delete(rateLimits);
    });

    it("registers clients idempotently, adding redirect URIs", async () => {
      const db = t.database.db;
      await ensureOAuthClient(db, { clientId: CLIENT, name: "Dovetail website", redirectUri: REDIRECT });
      await ensureOAuthClient(db, {
        clientId: CLIENT,
        name: "Dovetail website",
        redirectUri: "http://localhost:3000/auth",
      });
      await ensureOAuthClient(db, {
        clientId: CLIENT,
        name: "Dovetail website",
        redirectUri: "http://localhost:3000/auth",
      });
      const [client] = await db.select().from(oauthClients);
      expect(client.redirectUris).toEqual([REDIRECT, "http://localhost:3000/auth"]);
    });

    it("shows an accessible sign-in form with no script and a CSRF cookie", async () => {
      const page = await api.get(`/authorize?${authorizeQuery()}`);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toContain("text/html");
      expect(page.body).not.toContain("<script");
      expect(page.body).toContain('<label for="email">');
      expect(page.body).toContain('<label for="password">');
      expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
      const cookie = page.headers.get("set-cookie")!;
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      expect(hiddenFields(page.body).csrf).toBe(cookieOf(page).split("=")[1]);
      expect(hiddenFields(page.body).state).toBe("state-123 &<x>");
    });

    it("completes the PKCE round trip, echoing the state", async () => {
      const location = await codeFor();
      expect(location.origin + location.pathname).toBe(REDIRECT);
      expect(location.searchParams.get("state")).toBe("state-123 &<x>");
      const code = location.searchParams.get("code")!;
      expect(code).toMatch(/^[\w-]{43}$/);
      const res = await exchange({
        grant_type: "authorization_code",
        code,
        client_id: CLIENT,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      });
      expect(res.status, JSON.stringify(res.body)).toBe(200);
      expect(res.body).toMatchObject({ token_type: "Bearer", expires_in: 600 });
      expect(res.headers.get("cache-control")).toBe("no-store");
      const me = await api.get("/api/v1/cognito/user/authUser", res.body.access_token);
      expect(me.body.user.email).toBe("oauth@example.com");
    });

    it("accepts JSON with a fingerprint the refresh token is bound to", async () => {
      const code = (await codeFor()).searchParams.get("code")!;
      const body = { grant_type: "authorization_code", code, client_id: CLIENT, redirect_uri: REDIRECT };
      const res = await exchange({ ...body, code_verifier: verifier, fingerprint: "fp-oauth-000000000000" }, false);
      expect(res.status).toBe(200);
      const refresh = await api.post("/api/v1/cognito/user/refreshToken", {
        refresh_token: res.body.refresh_token,
        fingerprint: "fp-oauth-000000000000",
      });
      expect(refresh.status).toBe(200);
    });

    it("refuses a wrong verifier, and the code is then spent", async () => {
      const code = (await codeFor()).searchParams.get("code")!;
      const body = { grant_type: "authorization_code", code, client_id: CLIENT, redirect_uri: REDIRECT };
      const wrong = await exchange({ ...body, code_verifier: randomBytes(32).toString("base64url") });
      expect(wrong).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
      expect((await exchange({ ...body, code_verifier: verifier })).body.error).toBe("invalid_grant");
    });

    it("refuses a reused code and revokes the tokens it gave", async () => {
      const code = (await codeFor()).searchParams.get("code")!;
      const body = {
        grant_type: "authorization_code",
        code,
        client_id: CLIENT,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      };
      const first = await exchange(body);
      expect(first.status).toBe(200);
      const again = await exchange(body);
      expect(again).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
      const me = await api.get("/api/v1/cognito/user/authUser", first.body.access_token);
      expect(me.body.code).toBe("TOKEN_INVALID");
    });

    it("refuses a code after 61 seconds", async () => {
      const code = (await codeFor()).searchParams.get("code")!;
      clock.advance(61_000);
      const res = await exchange({
        grant_type: "authorization_code",
        code,
        client_id: CLIENT,
        redirect_uri: REDIRECT,
        code_verifier: verifier,
      });
      expect(res.body.error).toBe("invalid_grant");
    });

    it("refuses another redirect URI or client at the exchange, and bad grants", async () => {
      const code = (await codeFor()).searchParams.get("code")!;
      const base = { grant_type: "authorization_code", code, client_id: CLIENT, code_verifier: verifier };
      expect((await exchange({ ...base, redirect_uri: `${REDIRECT}/x` })).body.error).toBe("invalid_grant");
      expect((await exchange({ ...base, redirect_uri: REDIRECT, client_id: "nobody" })).body.error).toBe(
        "invalid_client",
      );
      expect((await exchange({ ...base, redirect_uri: REDIRECT, grant_type: "password" })).body.error).toBe(
        "unsupported_grant_type",
      );
      expect((await exchange({ grant_type: "authorization_code" })).body.error).toBe("invalid_request");
    });

    it("shows an error page, never a redirect, for an unknown client or redirect URI", async () => {
      for (const overrides of [
        { client_id: "nobody" },
        { client_id: undefined },
        { redirect_uri: "https://site.example/auth/evil" },
        { redirect_uri: "https://site.example/" },
        { redirect_uri: "https://evil.example/auth" },
        { redirect_uri: undefined },
      ]) {
        const res = await api.get(`/authorize?${authorizeQuery(overrides)}`);
        expect(res.status, JSON.stringify(overrides)).toBe(400);
        expect(res.headers.get("location")).toBeNull();
        expect(res.headers.get("content-type")).toContain("text/html");
      }
    });

    it("sends other request errors back to the redirect URI with the state", async () => {
      for (const [overrides, error] of [
        [{ response_type: "token" }, "unsupported_response_type"],
        [{ scope: "openid" }, "invalid_scope"],
        [{ code_challenge: undefined }, "invalid_request"],
        [{ code_challenge_method: "plain" }, "invalid_request"],
      ] as const) {
        const res = await api.get(`/authorize?${authorizeQuery(overrides)}`);
        expect(res.status).toBe(302);
        const location = new URL(res.headers.get("location")!);
        expect(location.searchParams.get("error")).toBe(error);
        expect(location.searchParams.get("state")).toBe("state-123 &<x>");
      }
      const noState = await api.get(`/authorize?${authorizeQuery({ state: undefined })}`);
      expect(new URL(noState.headers.get("location")!).searchParams.get("error")).toBe("invalid_request");
    });

    it("re-renders the form with an error (401) and the e-mail kept for wrong credentials", async () => {
      const res = await signIn("oauth@example.com", "wrong password");
      expect(res.status).toBe(401);
      expect(res.body).toContain('role="alert"');
      expect(res.body).toContain('value="oauth@example.com"');
      expect(res.headers.get("location")).toBeNull();
    });

    it("refuses a form whose CSRF token does not match the cookie", async () => {
      const page = await api.get(`/authorize?${authorizeQuery()}`);
      const form = new URLSearchParams({ ...hiddenFields(page.body), email: "oauth@example.com", password: PASSWORD });
      const noCookie = await api.call("POST", "/authorize", { form });
      expect(noCookie.status).toBe(400);
      expect(noCookie.headers.get("location")).toBeNull();
      form.set("csrf", "x".repeat(43));
      const mismatch = await api.call("POST", "/authorize", { form, headers: { cookie: cookieOf(page) } });
      expect(mismatch.status).toBe(400);
    });

    it("rate-limits the sign-in form like /login", async () => {
      let last = 0;
      for (let i = 0; i < 11; i++) last = (await signIn("limited@example.com", "wrong")).status;
      expect(last).toBe(429);
    });
  });
}
