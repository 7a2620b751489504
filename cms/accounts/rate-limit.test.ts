import { afterAll, beforeAll, describe, expect, it } from "vitest";

import { closeAndSettle, drivers, openTestDatabase, type TestDatabase } from "../test/databases";
import { authBuckets, takeRateLimit } from "./rate-limit";

const T0 = Date.UTC(2026, 10, 25, 9, 0, 0);

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`rate limits — ${driver.title}`, () => {
    let t: TestDatabase;
    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "rate-limit");
    });
    afterAll(async () => {
      if (t) await closeAndSettle(t);
      await t?.dispose();
    });

    it("allows `limit` takes per fixed window, then answers the seconds left", async () => {
      const db = t.database.db;
      const bucket = [{ key: "test:a", limit: 3, windowSeconds: 60 }];
      for (let i = 0; i < 3; i++) expect(await takeRateLimit(db, bucket, T0 + i * 1000)).toEqual({ ok: true });
      expect(await takeRateLimit(db, bucket, T0 + 15_000)).toEqual({ ok: false, retryAfter: 45 });
      // The next window starts afresh.
      expect(await takeRateLimit(db, bucket, T0 + 60_000)).toEqual({ ok: true });
    });

    it("counts every bucket and fails when any is over", async () => {
      const db = t.database.db;
      const account = { key: "test:acct", limit: 1, windowSeconds: 900 };
      const address = { key: "test:addr", limit: 5, windowSeconds: 900 };
      expect(await takeRateLimit(db, [account, address], T0)).toEqual({ ok: true });
      expect((await takeRateLimit(db, [account, address], T0)).ok).toBe(false);
      const other = { key: "test:acct2", limit: 1, windowSeconds: 900 };
      for (let i = 0; i < 3; i++) await takeRateLimit(db, [other, address], T0);
      // The address has now been taken 5 times: the sixth is over.
      expect(await takeRateLimit(db, [address], T0)).toEqual({ ok: false, retryAfter: 900 });
    });

    it("builds per-account and per-address buckets scaled by the multiplier", () => {
      expect(authBuckets("login", { account: "Sam@Example.com", address: "10.0.0.1" })).toEqual([
        { key: "login:account:sam@example.com", limit: 10, windowSeconds: 900 },
        { key: "login:address:10.0.0.1", limit: 50, windowSeconds: 900 },
      ]);
      expect(authBuckets("login", { account: null, address: "::1" }, 100)).toEqual([
        { key: "login:address:::1", limit: 5000, windowSeconds: 900 },
      ]);
    });

    it("never lets more than the limit through under concurrency", async () => {
      const db = t.database.db;
      const bucket = [{ key: "test:parallel", limit: 7, windowSeconds: 900 }];
      const results = await Promise.all(Array.from({ length: 40 }, () => takeRateLimit(db, bucket, T0)));
      expect(results.filter((r) => r.ok)).toHaveLength(7);
    });
  });
}
