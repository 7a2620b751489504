/**
 * Refreshing tokens (decisions 041 and 119), on each driver: single use, the grace window that
 * answers a second refresh of one token with its successor, and the replays that still revoke.
 * The concurrent refreshes go through the CMS app, as two site instances would call it; on
 * PostgreSQL they run on two connections and meet at the row lock.
 */
import { eq } from "drizzle-orm";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { refreshTokens } from "../db/schema";
import { closeAndSettle, createCmsApp, drivers, openTestDatabase, type TestDatabase } from "../test/databases";
import { ApiError } from "./errors";
import { REFRESH_GRACE_MS, rotateRefreshToken } from "./refresh";
import { addUser, type ApiClient, apiClient, fakeClock } from "./test-support";
import { issueTokens, type TokenAnswer, tokenKey } from "./tokens";

const USER = "/api/v1/cognito/user";
const SECRET = "refresh-test-secret-0123456789-0123456789";
const secret = tokenKey(SECRET);
const FP = "fingerprint-123456789";
const OTHER_FP = "another-device-654321";

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const e = error as ApiError;
    return { status: e.status, code: e.code };
  }
  throw new Error("expected a failure");
}

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`refreshing tokens — ${driver.title}`, () => {
    let t: TestDatabase;
    let api: ApiClient;
    let userId: number;
    const clock = fakeClock();

    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "refresh");
      userId = (await addUser(t.database.db, { email: "sam@example.com" })).id;
      api = apiClient(createCmsApp(t.database, { clock: clock.now, tokenSecret: SECRET }));
    });
    afterAll(async () => {
      if (t) await closeAndSettle(t);
      await t?.dispose();
    });

    const signIn = () => issueTokens(t.database.db, { secret, userId, fingerprint: FP, now: clock.now() });
    const rotate = (refreshToken: string, fingerprint = FP) =>
      rotateRefreshToken(t.database.db, { secret, refreshToken, fingerprint, now: clock.now() });
    /** Whether a Bearer call with this access token is answered as the member. */
    const works = async (accessToken: string) => (await api.get(`${USER}/authUser`, accessToken)).status === 200;
    const refreshCall = (refresh_token: string, fingerprint = FP) =>
      api.post(`${USER}/refreshToken`, { refresh_token, fingerprint });

    it("rotates a token into the next of its family, which refreshes once more", async () => {
      const first = await signIn();
      const second = await rotate(first.refresh_token);
      expect(decodeJwt(second.access_token).sid).toBe(decodeJwt(first.access_token).sid);
      expect(second.refresh_token).not.toBe(first.refresh_token);
      expect(second.refresh_token).toMatch(/^[\w-]{43}$/);
      expect(await works(second.access_token)).toBe(true);
      const third = await rotate(second.refresh_token);
      expect(third.refresh_token).not.toBe(second.refresh_token);
      expect(await works(third.access_token)).toBe(true);
    });

    it("two concurrent refreshes of one token both succeed, and the member stays signed in (5 trials)", async () => {
      for (let trial = 0; trial < 5; trial++) {
        const tokens = await signIn();
        const answers = await Promise.all([1, 2].map(() => refreshCall(tokens.refresh_token)));
        expect(answers.map((a) => a.status)).toEqual([200, 200]);
        const [one, two] = answers.map((a) => a.body as TokenAnswer);
        // One successor, handed to both: it stays single use.
        expect(one.refresh_token).toBe(two.refresh_token);
        const family = decodeJwt(tokens.access_token).sid as string;
        const rows = await t.database.db.select().from(refreshTokens).where(eq(refreshTokens.familyId, family));
        expect(rows).toHaveLength(2);
        expect(await works(one.access_token)).toBe(true);
        expect(await works(two.access_token)).toBe(true);

        clock.advance(9 * 60_000);
        const next = await refreshCall(two.refresh_token);
        expect(next.status).toBe(200);
        expect(await works(next.body.access_token)).toBe(true);
        expect(await works(one.access_token)).toBe(true);
      }
    });

    it("many concurrent refreshes of one token all get the same successor", async () => {
      const tokens = await signIn();
      const answers = await Promise.all(Array.from({ length: 6 }, () => refreshCall(tokens.refresh_token)));
      expect(answers.map((a) => a.status)).toEqual(Array(6).fill(200));
      expect(new Set(answers.map((a) => a.body.refresh_token)).size).toBe(1);
      for (const answer of answers) expect(await works(answer.body.access_token)).toBe(true);
    });

    it("a second refresh just inside the window gets the successor and a new access token", async () => {
      const tokens = await signIn();
      const first = await rotate(tokens.refresh_token);
      clock.advance(REFRESH_GRACE_MS);
      const again = await rotate(tokens.refresh_token);
      expect(again.refresh_token).toBe(first.refresh_token);
      expect(again.access_token).not.toBe(first.access_token);
      expect(await works(again.access_token)).toBe(true);
      expect(await works(first.access_token)).toBe(true);
    });

    it("inside the window, follows a successor that was spent too to the family's unspent token", async () => {
      const tokens = await signIn();
      const first = await rotate(tokens.refresh_token);
      clock.advance(1000);
      const second = await rotate(first.refresh_token);
      clock.advance(1000);
      const late = await rotate(tokens.refresh_token);
      expect(late.refresh_token).toBe(second.refresh_token);
      const third = await rotate(late.refresh_token);
      expect(await works(third.access_token)).toBe(true);
    });

    it("a replay after the window revokes the family, newer tokens too", async () => {
      const tokens = await signIn();
      const next = await rotate(tokens.refresh_token);
      clock.advance(REFRESH_GRACE_MS + 1);
      expect(await failure(rotate(tokens.refresh_token))).toEqual({ status: 401, code: "TOKEN_INVALID" });
      expect(await works(next.access_token)).toBe(false);
      expect(await failure(rotate(next.refresh_token))).toEqual({ status: 401, code: "TOKEN_INVALID" });
    });

    it("a replay from another fingerprint inside the window revokes the family", async () => {
      const tokens = await signIn();
      const next = await rotate(tokens.refresh_token);
      clock.advance(1000);
      expect(await failure(rotate(tokens.refresh_token, OTHER_FP))).toEqual({ status: 401, code: "TOKEN_INVALID" });
      expect(await works(next.access_token)).toBe(false);
      expect(await failure(rotate(next.refresh_token))).toMatchObject({ code: "TOKEN_INVALID" });
    });

    it("a concurrent refresh from another fingerprint does not share the successor", async () => {
      const tokens = await signIn();
      const [mine, theirs] = await Promise.all([
        refreshCall(tokens.refresh_token),
        refreshCall(tokens.refresh_token, OTHER_FP),
      ]);
      // Either it came first (refused, the token unspent: the member's refresh then wins) or
      // second (a replay: the family is revoked); it never gets tokens.
      expect(theirs).toMatchObject({ status: 401, body: { code: "TOKEN_INVALID" } });
      expect(mine.status).toBe(200);
    });

    it("no grace after a logout: the spent token inside the window is refused", async () => {
      const tokens = await signIn();
      const next = await rotate(tokens.refresh_token);
      expect((await api.get(`${USER}/logout`, next.access_token)).status).toBe(200);
      expect(await failure(rotate(tokens.refresh_token))).toEqual({ status: 401, code: "TOKEN_INVALID" });
      expect(await failure(rotate(next.refresh_token))).toEqual({ status: 401, code: "TOKEN_INVALID" });
    });

    it("refuses another fingerprint without spending the token, and an expired token", async () => {
      const tokens = await signIn();
      expect(await failure(rotate(tokens.refresh_token, OTHER_FP))).toEqual({ status: 401, code: "TOKEN_INVALID" });
      const next = await rotate(tokens.refresh_token);
      expect(await works(next.access_token)).toBe(true);

      const old = await signIn();
      clock.advance(30 * 86_400_000);
      expect(await failure(rotate(old.refresh_token))).toEqual({ status: 401, code: "TOKEN_INVALID" });
    });

    it("refuses an unknown token", async () => {
      expect(await failure(rotate("x".repeat(43)))).toEqual({ status: 401, code: "TOKEN_INVALID" });
      const res = await refreshCall("not-a-token");
      expect(res).toMatchObject({ status: 401, body: { code: "TOKEN_INVALID" } });
    });
  });
}
