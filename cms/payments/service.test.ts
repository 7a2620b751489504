/** The payments service: creating, recording, fulfilling exactly once, on each driver. */
import { eq } from "drizzle-orm";
import { Hono } from "hono";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { isApiError } from "../accounts/errors";
import { fakeClock } from "../accounts/test-support";
import type { CmsEnv } from "../context";
import type { Db } from "../db/client";
import { payments } from "../db/schema";
import { closeAndSettle, drivers, openTestDatabase, type TestDatabase } from "../test/databases";
import {
  createPayment,
  type CreatePaymentInput,
  fulfilPayment,
  hashToken,
  type Payment,
  recordResult,
  registerFulfilment,
  startPayment,
  unregisterFulfilment,
} from "./service";
import { createTestGateway } from "./test-gateway";

const gateway = createTestGateway({ secret: "service-test-secret" });
const KIND = "service-test";

function input(overrides: Partial<CreatePaymentInput> = {}): CreatePaymentInput {
  return {
    kind: KIND,
    referenceId: 7,
    amountCents: 12_345,
    description: "A test order",
    returnUrl: "https://site.example/forms/contact?x=1",
    email: "payer@example.com",
    ...overrides,
  };
}

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`payments service — ${driver.title}`, () => {
    let t: TestDatabase;
    let db: Db;
    const clock = fakeClock();
    const ran: number[] = [];

    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "payments_service");
      db = t.database.db;
      registerFulfilment(KIND, async (tx, payment) => {
        ran.push(payment.id);
        // The handler runs in the transaction: it sees the payment as fulfilled.
        const [row] = await tx.select().from(payments).where(eq(payments.id, payment.id));
        expect(row.fulfilledAt).not.toBeNull();
      });
    });
    afterAll(async () => {
      unregisterFulfilment(KIND);
      if (t) await closeAndSettle(t);
      await t?.dispose();
    });
    afterEach(() => {
      ran.length = 0;
    });

    it("stores a pending payment with the token hashed, and answers the gateway's address", async () => {
      const made = await createPayment(
        db,
        input({ returnUrl: "https://site.example/p?x=1&payum_token=old#top" }),
        gateway,
        clock.now(),
        {
          baseUrl: "https://site.example/",
        },
      );
      expect(made.token).toMatch(/^[\w-]{43}$/);
      expect(made.redirectUrl).toBe(`https://site.example/pay/${made.token}`);
      const [row] = await db.select().from(payments).where(eq(payments.id, made.paymentId));
      expect(row.tokenHash).toBe(hashToken(made.token));
      expect(row.tokenHash).not.toContain(made.token);
      expect(row).toMatchObject({ status: "pending", amountCents: 12_345, gateway: "test", kind: KIND });
      expect(row.returnUrl).toBe("https://site.example/p?x=1");
    });

    it("refuses bad amounts and return addresses", async () => {
      for (const bad of [
        input({ amountCents: 0 }),
        input({ amountCents: 12.5 }),
        input({ amountCents: -100 }),
        input({ returnUrl: "javascript:alert(1)" }),
        input({ returnUrl: "/relative" }),
      ]) {
        await expect(createPayment(db, bad, gateway, clock.now())).rejects.toMatchObject({ status: 400 });
      }
    });

    it("records an outcome once: a decline after a payment changes nothing", async () => {
      const made = await createPayment(db, input(), gateway, clock.now());
      expect((await recordResult(db, made.token, "paid", clock.now()))?.status).toBe("paid");
      expect((await recordResult(db, made.token, "declined", clock.now()))?.status).toBe("paid");
      expect(await recordResult(db, "x".repeat(43), "paid", clock.now())).toBeNull();
    });

    it("fulfils a paid payment exactly once, however often it is asked", async () => {
      const made = await createPayment(db, input(), gateway, clock.now());
      expect((await fulfilPayment(db, made.paymentId)).fulfilled).toBe(false); // pending
      await recordResult(db, made.token, "paid", clock.now());
      const first = await fulfilPayment(db, made.paymentId, { now: clock.now() });
      expect(first.fulfilled).toBe(true);
      expect(first.payment?.fulfilledAt?.getTime()).toBe(clock.now());
      expect((await fulfilPayment(db, made.paymentId)).fulfilled).toBe(false);
      expect(ran).toEqual([made.paymentId]);
    });

    it("never fulfils a declined payment", async () => {
      const made = await createPayment(db, input(), gateway, clock.now());
      await recordResult(db, made.token, "declined", clock.now());
      expect((await fulfilPayment(db, made.paymentId)).fulfilled).toBe(false);
      expect(ran).toEqual([]);
    });

    it("rolls back when the kind is unknown or its handler throws", async () => {
      const unknown = await createPayment(db, input({ kind: "nobody-handles-this" }), gateway, clock.now());
      await recordResult(db, unknown.token, "paid", clock.now());
      await expect(fulfilPayment(db, unknown.paymentId)).rejects.toThrow(/No fulfilment/);
      const [row] = await db.select().from(payments).where(eq(payments.id, unknown.paymentId));
      expect(row.fulfilledAt).toBeNull();

      let fail = true;
      registerFulfilment("flaky", async () => {
        if (fail) throw new Error("mail server down");
      });
      const flaky = await createPayment(db, input({ kind: "flaky" }), gateway, clock.now());
      await recordResult(db, flaky.token, "paid", clock.now());
      await expect(fulfilPayment(db, flaky.paymentId)).rejects.toThrow(/mail server down/);
      fail = false;
      expect((await fulfilPayment(db, flaky.paymentId)).fulfilled).toBe(true);
      unregisterFulfilment("flaky");
    });

    it("10 fulfilments at once run the handler once", async () => {
      const made = await createPayment(db, input(), gateway, clock.now());
      await recordResult(db, made.token, "paid", clock.now());
      const results = await Promise.all(Array.from({ length: 10 }, () => fulfilPayment(db, made.paymentId)));
      expect(results.filter((r) => r.fulfilled)).toHaveLength(1);
      expect(ran).toEqual([made.paymentId]);
      const [row]: Payment[] = await db.select().from(payments).where(eq(payments.id, made.paymentId));
      expect(row.fulfilledAt).not.toBeNull();
    });
    it("startPayment: the app's gateway, the site's return addresses only", async () => {
      const start = (siteUrl: string | undefined, pageUrl: string | undefined) => {
        const app = new Hono<CmsEnv>();
        app.use("*", async (c, next) => {
          c.set("db", db);
          c.set("now", clock.now());
          c.set("siteUrl", siteUrl);
          c.set("paymentGateway", gateway);
          c.set("paymentPageUrl", pageUrl);
          await next();
        });
        app.post("/start", async (c) => c.json(await startPayment(c, input({ returnUrl: c.req.query("url")! }))));
        app.onError((err, c) => (isApiError(err) ? c.json(err.body(), err.status) : c.json({}, 500)));
        return (url: string) =>
          Promise.resolve(app.request(`/start?url=${encodeURIComponent(url)}`, { method: "POST" })).then(async (r) => ({
            status: r.status,
            body: (await r.json()) as { redirectUrl: string; token: string },
          }));
      };
      const embedded = start("https://site.example", undefined);
      const ok = await embedded("https://site.example/vouchers?x=1");
      expect(ok.status).toBe(200);
      expect(ok.body.redirectUrl).toBe(`https://site.example/pay/${ok.body.token}`);
      expect((await embedded("https://evil.example/vouchers")).status).toBe(400);
      expect((await embedded("ftp://site.example/")).status).toBe(400);
      // The default site URL (localhost): any loopback host, the page on the return's origin.
      const local = start("http://localhost:3000", undefined);
      const loop = await local("http://127.0.0.1:3000/forms/1");
      expect(loop.body.redirectUrl).toBe(`http://127.0.0.1:3000/pay/${loop.body.token}`);
      expect((await local("https://site.example/forms/1")).status).toBe(400);
      // The CMS alone: its own page address.
      const alone = start("https://site.example", "https://cms.example/");
      const split = await alone("https://site.example/forms/1");
      expect(split.body.redirectUrl).toBe(`https://cms.example/pay/${split.body.token}`);
    });
  });
}
