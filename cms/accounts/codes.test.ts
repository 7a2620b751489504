/** Mailed codes (decision 045): hashes only, 15 minutes, single use, 5 wrong attempts, one winner of a race. */
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { accountCodes } from "../db/schema";
import { closeAndSettle, drivers, openTestDatabase, type TestDatabase } from "../test/databases";
import { CODE_TTL_MS, consumeCode, createCode, MAX_CODE_ATTEMPTS, newSixDigitCode } from "./codes";

const T0 = Date.UTC(2026, 10, 25, 9, 0, 0);

describe("a six-digit code", () => {
  it("is six digits, leading zeros kept", () => {
    for (let i = 0; i < 200; i++) expect(newSixDigitCode()).toMatch(/^\d{6}$/);
  });
});

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`account codes — ${driver.title}`, () => {
    let t: TestDatabase;
    let n = 0;
    /** A fresh e-mail per test: the tests share the database. */
    const fresh = () => `member${++n}@example.com`;

    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "codes");
    });
    afterAll(async () => {
      if (t) await closeAndSettle(t);
      await t?.dispose();
    });

    it("stores only SHA-256 hashes of the code and the link token", async () => {
      const db = t.database.db;
      const email = fresh();
      const created = await createCode(db, { purpose: "login", email: email.toUpperCase(), withLink: true, now: T0 });
      expect(created.code).toMatch(/^\d{6}$/);
      expect(created.token).toMatch(/^[A-Za-z0-9_-]{43}$/);
      expect(created.expiresAt.getTime()).toBe(T0 + CODE_TTL_MS);
      const rows = await db.select().from(accountCodes).where(eq(accountCodes.email, email));
      expect(rows).toHaveLength(2);
      const stored = JSON.stringify(rows);
      expect(stored).not.toContain(created.code);
      expect(stored).not.toContain(created.token);
      expect(rows.every((r) => /^[0-9a-f]{64}$/.test(r.codeHash))).toBe(true);
    });

    it("works once, with the code or with the link, and says CODE_USED after", async () => {
      const db = t.database.db;
      const email = fresh();
      const created = await createCode(db, { purpose: "login", email, withLink: true, now: T0 });
      const first = await consumeCode(db, { email, code: created.token!, purposes: ["login"], now: T0 + 1000 });
      expect(first).toMatchObject({ ok: true, code: { purpose: "login", email } });
      expect(await consumeCode(db, { email, code: created.token!, purposes: ["login"], now: T0 + 2000 })).toEqual({
        ok: false,
        error: "CODE_USED",
      });
      // The 6-digit code of the same mail went with it.
      expect(await consumeCode(db, { email, code: created.code, purposes: ["login"], now: T0 + 2000 })).toEqual({
        ok: false,
        error: "CODE_USED",
      });
    });

    it("expires after 15 minutes", async () => {
      const db = t.database.db;
      const email = fresh();
      const { code } = await createCode(db, { purpose: "recovery", email, now: T0 });
      expect(await consumeCode(db, { email, code, purposes: ["recovery"], now: T0 + CODE_TTL_MS })).toEqual({
        ok: false,
        error: "CODE_EXPIRED",
      });
      const again = await createCode(db, { purpose: "recovery", email, now: T0 });
      expect(
        (await consumeCode(db, { email, code: again.code, purposes: ["recovery"], now: T0 + CODE_TTL_MS - 1 })).ok,
      ).toBe(true);
    });

    it("ends older unused codes of the same purpose when a new one is made", async () => {
      const db = t.database.db;
      const email = fresh();
      const older = await createCode(db, { purpose: "login", email, now: T0 });
      const newer = await createCode(db, { purpose: "login", email, now: T0 + 60_000 });
      expect(await consumeCode(db, { email, code: older.code, purposes: ["login"], now: T0 + 61_000 })).toMatchObject({
        ok: false,
      });
      expect((await consumeCode(db, { email, code: newer.code, purposes: ["login"], now: T0 + 61_000 })).ok).toBe(true);
    });

    it("says CODE_INVALID for a wrong code, an unknown e-mail or another purpose's code", async () => {
      const db = t.database.db;
      const email = fresh();
      const { code } = await createCode(db, { purpose: "register", email, now: T0 });
      const wrong = code === "000000" ? "000001" : "000000";
      expect(await consumeCode(db, { email, code: wrong, purposes: ["register"], now: T0 })).toEqual({
        ok: false,
        error: "CODE_INVALID",
      });
      expect(await consumeCode(db, { email: fresh(), code, purposes: ["register"], now: T0 })).toEqual({
        ok: false,
        error: "CODE_INVALID",
      });
      expect(await consumeCode(db, { email, code, purposes: ["recovery"], now: T0 })).toEqual({
        ok: false,
        error: "CODE_INVALID",
      });
      expect((await consumeCode(db, { email, code, purposes: ["register"], now: T0 })).ok).toBe(true);
    });

    it("is spent by 5 wrong attempts, even the right code after them", async () => {
      const db = t.database.db;
      const email = fresh();
      const { code } = await createCode(db, { purpose: "login", email, now: T0 });
      const wrong = code === "999999" ? "999998" : "999999";
      for (let i = 0; i < MAX_CODE_ATTEMPTS; i++) {
        expect(await consumeCode(db, { email, code: wrong, purposes: ["login"], now: T0 })).toEqual({
          ok: false,
          error: "CODE_INVALID",
        });
      }
      expect(await consumeCode(db, { email, code, purposes: ["login"], now: T0 })).toEqual({
        ok: false,
        error: "CODE_INVALID",
      });
    });

    it("keeps nothing when the work done with the code fails", async () => {
      const db = t.database.db;
      const email = fresh();
      const { code } = await createCode(db, { purpose: "login", email, now: T0 });
      await expect(
        consumeCode(db, { email, code, purposes: ["login"], now: T0 }, async () => {
          throw new Error("boom");
        }),
      ).rejects.toThrow("boom");
      expect((await consumeCode(db, { email, code, purposes: ["login"], now: T0 })).ok).toBe(true);
    });

    it("lets exactly one of parallel uses of one code win", async () => {
      const db = t.database.db;
      const email = fresh();
      const { code } = await createCode(db, { purpose: "login", email, now: T0 });
      const results = await Promise.all(
        Array.from({ length: 8 }, () =>
          consumeCode(db, { email, code, purposes: ["login"], now: T0 }, async () => {
            // Hold the lock a moment, so the others really wait on it.
            await new Promise((resolve) => setTimeout(resolve, 20));
            return "won";
          }),
        ),
      );
      expect(results.filter((r) => r.ok)).toHaveLength(1);
      expect(results.filter((r) => !r.ok).map((r) => !r.ok && r.error)).toEqual(Array(7).fill("CODE_USED"));
    });
  });
}
