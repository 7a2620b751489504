/**
 * The payment round trip through the CMS app with the test gateway, on each driver: the hosted
 * page, Pay or Decline, the signed notification, the return with payum_token, checkPaid, and
 * fulfilment exactly once.
 */
import { eq } from "drizzle-orm";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { type ApiClient, apiClient, fakeClock, setSiteSettings } from "../accounts/test-support";
import type { CmsApp } from "../app";
import type { Db } from "../db/client";
import { payments } from "../db/schema";
import { closeAndSettle, createCmsApp, drivers, openTestDatabase, type TestDatabase } from "../test/databases";
import { createPayment, type CreatePaymentInput, registerFulfilment, unregisterFulfilment } from "./service";
import { SIGNATURE_HEADER, signNotification } from "./signature";
import { createTestGateway, NOTIFY_PATH } from "./test-gateway";

const SECRET = "routes-test-notify-secret";
const KIND = "routes-test";
const RETURN = "https://site.example/forms/contact?x=1";

const b64 = (text: string) => Buffer.from(text).toString("base64");

function cookieOf(res: { headers: Headers }): string {
  return (res.headers.get("set-cookie") ?? "").split(";")[0];
}

function csrfOf(html: string): string {
  return /name="csrf" value="([^"]+)"/.exec(html)?.[1] ?? "";
}

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`payments routes — ${driver.title}`, () => {
    let t: TestDatabase;
    let db: Db;
    let app: CmsApp;
    let api: ApiClient;
    const clock = fakeClock();
    const gateway = createTestGateway({ secret: SECRET });
    const ran: number[] = [];

    function pay(overrides: Partial<CreatePaymentInput> = {}) {
      return createPayment(
        db,
        {
          kind: KIND,
          referenceId: 1,
          amountCents: 4_250,
          description: "Workshop <booking>",
          returnUrl: RETURN,
          email: "payer@example.com",
          ...overrides,
        },
        gateway,
        clock.now(),
      );
    }

    /** Opens the hosted page and presses a button; answers the POST's answer. */
    async function press(token: string, outcome: "paid" | "declined") {
      const page = await api.get(`/pay/${token}`);
      expect(page.status).toBe(200);
      const form = new URLSearchParams({ csrf: csrfOf(page.body), outcome });
      return api.call("POST", `/pay/${token}`, { form, headers: { cookie: cookieOf(page) } });
    }

    function checkPaid(token: string, url = RETURN) {
      return api.get(`/api/v1/cognito/payment/checkPaid?url=${encodeURIComponent(b64(url))}&payum_token=${token}`);
    }

    function notify(body: string, signature: string) {
      return api.call("POST", NOTIFY_PATH, {
        json: body,
        headers: { [SIGNATURE_HEADER]: signature },
      });
    }

    async function fulfilledAt(id: number) {
      const [row] = await db.select().from(payments).where(eq(payments.id, id));
      return row.fulfilledAt;
    }

    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "payments_routes");
      db = t.database.db;
      registerFulfilment(KIND, async (_tx, payment) => {
        ran.push(payment.id);
      });
      app = createCmsApp(t.database, { clock: clock.now, paymentGateway: gateway });
      api = apiClient(app);
    });
    afterAll(async () => {
      unregisterFulfilment(KIND);
      if (t) await closeAndSettle(t);
      await t?.dispose();
    });
    afterEach(() => {
      ran.length = 0;
    });

    it("pays: page, Pay, notify, return with payum_token, checkPaid, fulfilled once", async () => {
      const made = await pay();
      expect(made.redirectUrl).toBe(`/pay/${made.token}`);
      const page = await api.get(`/pay/${made.token}`);
      expect(page.status).toBe(200);
      expect(page.headers.get("content-type")).toContain("text/html");
      expect(page.headers.get("content-security-policy")).toContain("default-src 'none'");
      expect(page.body).toContain("$42.50");
      expect(page.body).toContain("Workshop &#60;booking&#62;");
      expect(page.body).not.toContain("<script");
      expect(cookieOf(page)).toMatch(/^dovetail_pay_csrf=/);

      const res = await press(made.token, "paid");
      expect(res.status).toBe(303);
      const back = new URL(res.headers.get("location")!);
      expect(back.origin + back.pathname).toBe("https://site.example/forms/contact");
      expect(back.searchParams.get("x")).toBe("1");
      expect(back.searchParams.get("payum_token")).toBe(made.token);
      // The notification alone fulfilled it.
      expect(ran).toEqual([made.paymentId]);

      const checked = await checkPaid(made.token, back.toString());
      expect(checked.status).toBe(200);
      expect(checked.body).toEqual({
        success: true,
        payment: {
          status: "paid",
          amount: 42.5,
          amount_cents: 4250,
          kind: KIND,
          reference: 1,
          description: "Workshop <booking>",
        },
        // A kind without a registered receipt shows nothing more.
        receipt: null,
      });
      expect((await checkPaid(made.token)).body.success).toBe(true);
      expect(ran).toEqual([made.paymentId]);

      // The page now shows the state, not the buttons.
      const after = await api.get(`/pay/${made.token}`);
      expect(after.body).not.toContain("<button");
      expect(after.body).toContain("has been made");
    });

    it("declines: success false, never fulfilled", async () => {
      const made = await pay();
      const res = await press(made.token, "declined");
      expect(res.status).toBe(303);
      const checked = await checkPaid(made.token);
      expect(checked.body.success).toBe(false);
      expect(checked.body.payment.status).toBe("declined");
      expect(ran).toEqual([]);
      expect(await fulfilledAt(made.paymentId)).toBeNull();
      // A Pay after the decline changes nothing.
      await press(made.token, "paid");
      expect((await checkPaid(made.token)).body.payment.status).toBe("declined");
      expect(ran).toEqual([]);
    });

    it("refuses a POST without the CSRF token", async () => {
      const made = await pay();
      const page = await api.get(`/pay/${made.token}`);
      const form = new URLSearchParams({ csrf: "forged", outcome: "paid" });
      const res = await api.call("POST", `/pay/${made.token}`, { form, headers: { cookie: cookieOf(page) } });
      expect(res.status).toBe(403);
      expect((await checkPaid(made.token)).body.payment.status).toBe("pending");
    });

    it("fulfils on checkPaid when the notification never came, once however often it is visited", async () => {
      const made = await pay();
      await db.update(payments).set({ status: "paid" }).where(eq(payments.id, made.paymentId));
      expect((await checkPaid(made.token)).body.success).toBe(true);
      expect((await checkPaid(made.token)).body.success).toBe(true);
      expect(ran).toEqual([made.paymentId]);
    });

    it("notify is signed, replay safe, and refuses a tampered signature or body", async () => {
      const made = await pay();
      const body = JSON.stringify({ token: made.token, status: "paid" });
      const signature = signNotification(SECRET, body, clock.now());
      expect(
        (
          await notify(
            body,
            signature.replace(/v1=./, (m) => (m.endsWith("0") ? "v1=1" : "v1=0")),
          )
        ).status,
      ).toBe(401);
      expect((await notify(body, signNotification("another secret", body, clock.now()))).status).toBe(401);
      const declined = JSON.stringify({ token: made.token, status: "declined" });
      expect((await notify(declined, signature)).status).toBe(401);
      expect((await notify(body, "")).status).toBe(401);
      // Too old.
      expect((await notify(body, signNotification(SECRET, body, clock.now() - 600_000))).status).toBe(401);
      expect(ran).toEqual([]);

      expect((await notify(body, signature)).body).toEqual({ ok: true, status: "paid" });
      expect((await notify(body, signature)).body).toEqual({ ok: true, status: "paid" });
      // A signed decline after payment changes nothing.
      expect((await notify(declined, signNotification(SECRET, declined, clock.now()))).body.status).toBe("paid");
      expect(ran).toEqual([made.paymentId]);
      // An unknown token.
      const unknown = JSON.stringify({ token: "A".repeat(43), status: "paid" });
      expect((await notify(unknown, signNotification(SECRET, unknown, clock.now()))).status).toBe(404);
    });

    it("refuses another payment's token, a tampered address, and a bad query", async () => {
      const mine = await pay({ returnUrl: "https://site.example/mine" });
      const theirs = await pay({ returnUrl: "https://site.example/theirs", amountCents: 99_900 });
      await press(mine.token, "paid");
      await press(theirs.token, "paid");
      const other = await checkPaid(theirs.token, "https://site.example/mine");
      expect(other.body).toEqual({ success: false, message: "Payment not found", payment: null });
      expect((await checkPaid(mine.token, "https://evil.example/mine")).body.success).toBe(false);
      expect((await checkPaid(mine.token, "https://site.example/mine?amount=1")).body.success).toBe(false);
      expect((await checkPaid("A".repeat(43), "https://site.example/mine")).body.success).toBe(false);
      expect((await checkPaid(mine.token, "https://site.example/mine")).body.success).toBe(true);
      expect((await api.get("/api/v1/cognito/payment/checkPaid?url=x")).status).toBe(400);
    });

    it("takes the amount from the payment, never from the return address", async () => {
      const made = await pay({ returnUrl: "https://site.example/buy?amount=42.50" });
      await press(made.token, "paid");
      const checked = await checkPaid(made.token, "https://site.example/buy?amount=42.50&payum_token=x");
      expect(checked.body.payment.amount_cents).toBe(4250);
      expect((await checkPaid(made.token, "https://site.example/buy?amount=0.01")).body.success).toBe(false);
    });

    it("an unknown token's page is a 404", async () => {
      expect((await api.get(`/pay/${"A".repeat(43)}`)).status).toBe(404);
    });

    it("surcharges come from the payment_surcharges setting (none by default)", async () => {
      const cc = "/api/v1/cognito/payment/creditCardSurchargeOf";
      const all = "/api/v1/cognito/payment/paymentSurchargesOf";
      expect((await api.post(cc, { amount: 100 })).body).toEqual({ surcharge: 0, total: 100 });
      await setSiteSettings(db, { payment_surcharges: { card: { percent: 1.5 } } });
      expect((await api.post(cc, { amount: 100 })).body).toEqual({ surcharge: 1.5, total: 101.5 });
      expect((await api.post(cc, { amount: 33.33 })).body).toEqual({ surcharge: 0.5, total: 33.83 });
      await setSiteSettings(db, { payment_surcharges: { card: { percent: 1.5, fixed: 0.3 } } });
      expect((await api.post(all, { amount: "100" })).body).toEqual({
        surcharge: 1.8,
        total: 101.8,
        payment_types: [{ id: "card", name: "Card", surcharge: 1.8, total: 101.8 }],
      });
      // An unreadable setting is no surcharge, never an error at the till.
      await setSiteSettings(db, { payment_surcharges: { card: { percent: "lots" } } });
      expect((await api.post(cc, { amount: 100 })).body).toEqual({ surcharge: 0, total: 100 });
      expect((await api.post(cc, { amount: -1 })).status).toBe(400);
      expect((await api.post(cc, {})).status).toBe(400);
    });

    it.skipIf(driver.name !== "postgres")("10 checkPaid and notify at once fulfil once", async () => {
      const made = await pay();
      await db.update(payments).set({ status: "paid" }).where(eq(payments.id, made.paymentId));
      const body = JSON.stringify({ token: made.token, status: "paid" });
      const signature = signNotification(SECRET, body, clock.now());
      const answers = await Promise.all(
        Array.from({ length: 10 }, (_, i) => (i % 2 ? checkPaid(made.token) : notify(body, signature))),
      );
      expect(answers.map((a) => a.status)).toEqual(Array(10).fill(200));
      expect(ran).toEqual([made.paymentId]);
    });
  });
}
