/**
 * Two site instances over one CMS (issue 28, decision 119): a member's requests that reach both
 * instances while their access token is due keep them signed in. Each instance is its own copy
 * of the site's modules (as two processes would have), so each has its own one-refresh-per-session
 * map and both present the same refresh token to the CMS; the CMS settles it (row lock, grace
 * window). Each request is what the root loader does for a signed-in visitor: `currentMember()`.
 */
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";

import { getSessionStorage } from "~/lib/session.server";

import { addUser, fakeClock } from "../../cms/accounts/test-support";
import { issueTokens, tokenKey } from "../../cms/accounts/tokens";
import { closeAndSettle, createCmsApp, drivers, openTestDatabase, type TestDatabase } from "../../cms/test/databases";

const SESSION_SECRET = "i".repeat(40);
const TOKEN_SECRET = "instances-test-secret-0123456789-0123456789";
const FP = "fp-instances-12345678";
const TRIALS = 5;

/** One site instance: its own copy of the site's modules, over the given CMS fetch. */
async function siteInstance(cmsFetch: (request: Request) => Promise<Response>, now: () => number) {
  vi.resetModules();
  const { createLoadContext } = await import("~/lib/load-context.server");
  const { SwrCache } = await import("~/lib/api/cache.server");
  const { emptyCspSources } = await import("~/host/security-headers.server");
  const upstreamCache = new SwrCache();
  /** A signed-in request with this cookie: the member it is answered as, or "signed out", and its Set-Cookie. */
  return async (cookie: string) => {
    const request = new Request("https://dovetail.example/profile", { headers: { cookie } });
    const context = createLoadContext({
      request,
      cspNonce: "n",
      cspExtra: emptyCspSources(),
      upstream: { fetch: cmsFetch, baseUrl: "http://cms.internal", publicUrl: "", timeoutMs: 10_000 },
      upstreamCache,
      sessionSecret: SESSION_SECRET,
      production: false,
      now,
    });
    const visitor = await context.visitor();
    try {
      const member = await visitor.currentMember();
      return { member: member?.email ?? "signed out", setCookie: await visitor.sessionCookie() };
    } catch (error) {
      // A refused token or a failed refresh: the sign-in is cleared and the visitor sent to `/`.
      if (error instanceof Response && error.status === 302) return { member: "signed out", setCookie: null };
      throw error;
    }
  };
}

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`a member on two site instances — ${driver.title}`, () => {
    let t: TestDatabase;
    const clock = fakeClock();
    const refreshes: string[] = [];
    let instanceA: Awaited<ReturnType<typeof siteInstance>>;
    let instanceB: Awaited<ReturnType<typeof siteInstance>>;
    const storage = getSessionStorage(SESSION_SECRET, false);

    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "refresh-instances");
      const cms = createCmsApp(t.database, { clock: clock.now, tokenSecret: TOKEN_SECRET });
      const cmsFetch = (name: string) => async (request: Request) => {
        if (new URL(request.url).pathname.endsWith("/refreshToken")) refreshes.push(name);
        return cms.fetch(request);
      };
      instanceA = await siteInstance(cmsFetch("A"), clock.now);
      instanceB = await siteInstance(cmsFetch("B"), clock.now);
    });
    afterAll(async () => {
      if (t) await closeAndSettle(t);
      await t?.dispose();
    });

    /** The browser's cookie after a sign-in: tokens, fingerprint and the member's snapshot. */
    async function signedInCookie(email: string) {
      const user = await addUser(t.database.db, { email });
      const tokens = await issueTokens(t.database.db, {
        secret: tokenKey(TOKEN_SECRET),
        userId: user.id,
        fingerprint: FP,
        now: clock.now(),
      });
      const session = await storage.getSession(null);
      session.set("accessToken", tokens.access_token);
      session.set("refreshToken", tokens.refresh_token);
      session.set("accessExpiresAt", clock.now() + tokens.expires_in * 1000);
      session.set("fingerprint", FP);
      session.set("member", { id: user.id, name: email, firstName: "", email, roles: ["member"] });
      return (await storage.commitSession(session)).split(";")[0];
    }

    const cookieOf = (setCookie: string | null, before: string) => (setCookie ? setCookie.split(";")[0] : before);

    it(`concurrent requests of one session on both instances during a refresh keep the member signed in, ${TRIALS} of ${TRIALS}`, async () => {
      const outcomes: string[] = [];
      for (let trial = 0; trial < TRIALS; trial++) {
        const email = `member-${trial}@example.com`;
        const cookie = await signedInCookie(email);
        // The access token is due (20 s left): each instance refreshes before its call.
        clock.advance(580_000);
        refreshes.length = 0;
        const [a, b] = await Promise.all([instanceA(cookie), instanceB(cookie)]);
        // Two instances, so two refreshes of the one refresh token reached the CMS.
        expect(refreshes.sort()).toEqual(["A", "B"]);
        // Whichever cookie the browser keeps works on either instance…
        const next = await Promise.all([
          instanceB(cookieOf(a.setCookie, cookie)),
          instanceA(cookieOf(b.setCookie, cookie)),
        ]);
        // …and refreshes once more when its access token is due again.
        clock.advance(580_000);
        const later = await instanceA(cookieOf(b.setCookie, cookieOf(a.setCookie, cookie)));
        const signedIn = [a, b, ...next, later].every((r) => r.member === email);
        outcomes.push(signedIn ? "signed in" : "signed out");
      }
      expect(outcomes).toEqual(Array(TRIALS).fill("signed in"));
    });
  });
}
