import { mkdtempSync, readFileSync, statSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { eq } from "drizzle-orm";
import { decodeJwt, SignJWT } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { users } from "../db/schema";
import { closeAndSettle, drivers, openTestDatabase, type TestDatabase } from "../test/databases";
import { ApiError } from "./errors";
import { addUser } from "./test-support";
import { issueTokens, loadTokenSecret, revokeFamily, revokeOtherFamilies, tokenKey, verifyAccessToken } from "./tokens";

const T0 = Date.UTC(2026, 10, 25, 9, 0, 0);
const secret = tokenKey("test-secret-0123456789-0123456789-abcdef");
const FP = "fingerprint-123456789";

async function failure(promise: Promise<unknown>) {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(ApiError);
    const e = error as ApiError;
    return { status: e.status, code: e.code, message: e.message };
  }
  throw new Error("expected a failure");
}

describe("token secret", () => {
  it("uses JWT_SECRET, else generates one 0600 into DATA_DIR and reuses it", () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), "jwt-secret-"));
    expect(loadTokenSecret("x".repeat(40), dir)).toBe("x".repeat(40));
    const first = loadTokenSecret(undefined, dir);
    expect(first).toHaveLength(43);
    expect(loadTokenSecret(undefined, dir)).toBe(first);
    expect(readFileSync(path.join(dir, "jwt-secret"), "utf8")).toBe(first);
    expect(statSync(path.join(dir, "jwt-secret")).mode & 0o777).toBe(0o600);
  });
});

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`tokens — ${driver.title}`, () => {
    let t: TestDatabase;
    let userId: number;
    let adminId: number;
    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "tokens");
      userId = (await addUser(t.database.db, { email: "sam@example.com" })).id;
      adminId = (await addUser(t.database.db, { email: "admin@example.com", isAdmin: true })).id;
    });
    afterAll(async () => {
      if (t) await closeAndSettle(t);
      await t?.dispose();
    });

    it("issues an HS256 access token with sub, sid, adm, iat and exp", async () => {
      const tokens = await issueTokens(t.database.db, { secret, userId: adminId, fingerprint: FP, now: T0 });
      expect(tokens).toMatchObject({ token_type: "Bearer", expires_in: 600 });
      expect(tokens.refresh_token).toMatch(/^[\w-]{43}$/);
      const claims = decodeJwt(tokens.access_token);
      expect(claims).toEqual({
        sub: String(adminId),
        sid: expect.stringMatching(/^[\w-]{21}$/),
        adm: true,
        iat: T0 / 1000,
        exp: T0 / 1000 + 600,
      });
      const verified = await verifyAccessToken(t.database.db, secret, tokens.access_token, T0 + 599_000);
      expect(verified.user.id).toBe(adminId);
      expect(verified.familyId).toBe(claims.sid);
    });

    it("answers TOKEN_EXPIRED after 10 minutes, 422 for a bad signature, TOKEN_INVALID for junk", async () => {
      const db = t.database.db;
      const { access_token } = await issueTokens(db, { secret, userId, fingerprint: FP, now: T0 });
      expect(await failure(verifyAccessToken(db, secret, access_token, T0 + 600_000))).toMatchObject({
        status: 401,
        code: "TOKEN_EXPIRED",
      });
      expect(
        await failure(verifyAccessToken(db, tokenKey("another-secret-0123456789-0123456789"), access_token, T0)),
      ).toEqual({
        status: 422,
        code: "TOKEN_INVALID",
        message: "Signature verification failed",
      });
      expect(await failure(verifyAccessToken(db, secret, "not.a.token", T0))).toMatchObject({
        status: 401,
        code: "TOKEN_INVALID",
      });
      // Signed with the key, but naming a family that does not exist.
      const forged = await new SignJWT({ sid: "no-such-family", adm: true })
        .setProtectedHeader({ alg: "HS256" })
        .setSubject(String(userId))
        .setIssuedAt(T0 / 1000)
        .setExpirationTime(T0 / 1000 + 600)
        .sign(secret);
      expect(await failure(verifyAccessToken(db, secret, forged, T0))).toMatchObject({
        status: 401,
        code: "TOKEN_INVALID",
      });
    });

    it("revokes a family (logout) and the others of a member (password change)", async () => {
      const db = t.database.db;
      const a = await issueTokens(db, { secret, userId, fingerprint: FP, now: T0 });
      const b = await issueTokens(db, { secret, userId, fingerprint: FP, now: T0 });
      const sidA = decodeJwt(a.access_token).sid as string;
      await revokeOtherFamilies(db, userId, sidA, T0);
      await verifyAccessToken(db, secret, a.access_token, T0);
      expect(await failure(verifyAccessToken(db, secret, b.access_token, T0))).toMatchObject({ code: "TOKEN_INVALID" });
      await revokeFamily(db, sidA, T0);
      expect(await failure(verifyAccessToken(db, secret, a.access_token, T0))).toMatchObject({ code: "TOKEN_INVALID" });
    });

    it("refuses the token of a member who is gone", async () => {
      const db = t.database.db;
      const gone = await addUser(db, { email: "gone@example.com" });
      const tokens = await issueTokens(db, { secret, userId: gone.id, fingerprint: FP, now: T0 });
      await db.delete(users).where(eq(users.id, gone.id));
      expect(await failure(verifyAccessToken(db, secret, tokens.access_token, T0))).toMatchObject({
        code: "TOKEN_INVALID",
      });
    });
  });
}
