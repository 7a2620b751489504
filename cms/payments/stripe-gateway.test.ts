/**
 * Stripe Checkout as the gateway, through the official SDK against the Stripe-shaped test server
 * (cms/test/stripe-server.ts), on each driver: the session made from the server's amount, the
 * round trip, the webhook (genuine, forged, stale, tampered, replayed, for another session, of
 * another type), a return before the webhook, an expired session, and refunds.
 */
import { eq } from "drizzle-orm";
import type Stripe from "stripe";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";

import { type ApiClient, apiClient, fakeClock } from "../accounts/test-support";
import type { CmsApp } from "../app";
import type { Db } from "../db/client";
import { paymentRefunds, payments } from "../db/schema";
import { closeAndSettle, createCmsApp, drivers, openTestDatabase, type TestDatabase } from "../test/databases";
import { type FakeStripe, startFakeStripe } from "../test/stripe-server";
import { refundPayment } from "./refunds";
import { createPayment, type CreatePaymentInput, registerFulfilment, unregisterFulfilment } from "./service";
import { StripeGateway } from "./stripe-gateway";

const WEBHOOK_SECRET = "whsec_stripe_gateway_test";
const KIND = "stripe-test";
const RETURN = "https://site.example/checkout/done?order=7";
const NOTIFY = "https://site.example/api/v1/cognito/payment/notify";

const b64 = (text: string) => Buffer.from(text).toString("base64");

for (const driver of drivers) {
  describe.skipIf(driver.skip)(`Stripe Checkout — ${driver.title}`, () => {
    let t: TestDatabase;
    let db: Db;
    let app: CmsApp;
    let api: ApiClient;
    let stripe: FakeStripe;
    let gateway: StripeGateway;
    // Stripe checks webhook timestamps against the clock: the real one.
    const clock = fakeClock(Date.now());
    const ran: number[] = [];

    function pay(overrides: Partial<CreatePaymentInput> = {}) {
      return createPayment(
        db,
        {
          kind: KIND,
          referenceId: 7,
          amountCents: 28_500,
          surchargeCents: 427,
          description: "Order 7",
          returnUrl: RETURN,
          email: "buyer@example.com",
          ...overrides,
        },
        gateway,
        clock.now(),
      );
    }

    async function row(id: number) {
      const [found] = await db.select().from(payments).where(eq(payments.id, id));
      return found;
    }

    function checkPaid(token: string) {
      return api.get(`/api/v1/cognito/payment/checkPaid?url=${encodeURIComponent(b64(RETURN))}&payum_token=${token}`);
    }

    /** The browser on Stripe's page presses a button; answers where it is sent. */
    async function press(url: string, outcome: "pay" | "cancel") {
      const res = await fetch(url, { method: "POST", body: new URLSearchParams({ outcome }), redirect: "manual" });
      expect(res.status).toBe(303);
      return new URL(res.headers.get("location")!);
    }

    beforeAll(async () => {
      t = await openTestDatabase(driver.name, "stripe_gateway");
      db = t.database.db;
      registerFulfilment(KIND, async (_tx, payment) => {
        ran.push(payment.id);
      });
      stripe = await startFakeStripe({
        webhookSecret: WEBHOOK_SECRET,
        webhookUrl: NOTIFY,
        deliverTo: (request) => Promise.resolve(app.fetch(request)),
      });
      gateway = new StripeGateway({
        secretKey: "sk_test_dovetail",
        webhookSecret: WEBHOOK_SECRET,
        apiBase: stripe.url,
      });
      app = createCmsApp(t.database, { clock: clock.now, paymentGateway: gateway });
      api = apiClient(app);
    });
    afterAll(async () => {
      unregisterFulfilment(KIND);
      await stripe?.close();
      if (t) await closeAndSettle(t);
      await t?.dispose();
    });
    afterEach(() => {
      ran.length = 0;
    });

    it("makes a Checkout Session of the server's amount, then pays, notifies and fulfils once", async () => {
      const made = await pay();
      const session = stripe.sessionFor(made.paymentId)!;
      expect(made.redirectUrl).toBe(`${stripe.url}/c/pay/${session.id}`);
      expect(session).toMatchObject({
        amount_total: 28_500 + 427,
        currency: "aud",
        mode: "payment",
        customer_email: "buyer@example.com",
        client_reference_id: String(made.paymentId),
        metadata: { payment_id: String(made.paymentId), kind: KIND },
      });
      expect(session.line_items.map((l) => [l.name, l.unit_amount])).toEqual([
        ["Order 7", 28_500],
        ["Card surcharge", 427],
      ]);
      expect(new URL(session.success_url).searchParams.get("payum_token")).toBe(made.token);
      expect(session.expires_at).toBe(Math.floor(clock.now() / 1000) + 30 * 60);
      const create = stripe.requests.find((r) => r.path === "/v1/checkout/sessions");
      expect(create?.idempotencyKey).toMatch(new RegExp(`^dovetail-payment-${made.paymentId}-[0-9a-f]{16}$`));
      expect((await row(made.paymentId)).gatewayRef).toBe(session.id);

      const back = await press(made.redirectUrl, "pay");
      expect(back.searchParams.get("payum_token")).toBe(made.token);
      // The webhook came before the browser: paid and fulfilled, once.
      expect(stripe.events.map((e) => [e.event.type, e.status])).toContainEqual(["checkout.session.completed", 200]);
      expect((await row(made.paymentId)).status).toBe("paid");
      expect(ran).toEqual([made.paymentId]);
      const checked = await checkPaid(made.token);
      expect(checked.body).toMatchObject({ success: true, payment: { status: "paid", amount: 289.27 } });
      expect(ran).toEqual([made.paymentId]);
    });

    it("a return before the webhook asks Stripe; the late webhook then changes nothing", async () => {
      const made = await pay();
      const session = stripe.sessionFor(made.paymentId)!;
      const held = await startFakeStripeHeld(stripe, session.id);
      expect((await row(made.paymentId)).status).toBe("pending");
      const checked = await checkPaid(made.token);
      expect(checked.body).toMatchObject({ success: true, payment: { status: "paid" } });
      expect(ran).toEqual([made.paymentId]);
      expect(await stripe.send(held)).toBe(200);
      expect(await stripe.send(held)).toBe(200);
      expect(ran).toEqual([made.paymentId]);
    });

    it("refuses a forged, stale or tampered webhook; acknowledges other events; 404 for another session", async () => {
      const made = await pay();
      const session = stripe.sessionFor(made.paymentId)!;
      const event = completed({ ...session, status: "complete", payment_status: "paid" });
      expect(await stripe.send(event, { secret: "whsec_someone_else" })).toBe(401);
      expect(await stripe.send(event, { timestamp: Math.floor(Date.now() / 1000) - 3_600 })).toBe(401);
      const cheaper = (p: string) => p.replace('"payment_status":"paid"', '"payment_status":"paid","amount_total":1');
      expect(await stripe.send(event, { tamper: cheaper })).toBe(401);
      expect((await row(made.paymentId)).status).toBe("pending");
      expect(ran).toEqual([]);

      const other = completed({ ...session, id: "cs_test_not_ours", status: "complete", payment_status: "paid" });
      expect(await stripe.send(other)).toBe(404);
      const unrelated = { ...event, id: "evt_test_other", type: "customer.created" } as unknown as Stripe.Event;
      expect(await stripe.send(unrelated)).toBe(200);
      expect((await row(made.paymentId)).status).toBe("pending");
      // Unsigned: refused without reading further.
      const unsigned = await api.call("POST", "/api/v1/cognito/payment/notify", { json: JSON.stringify(event) });
      expect(unsigned.status).toBe(401);
    });

    it("an expired session declines the payment, and its page can no longer pay", async () => {
      const made = await pay();
      const session = stripe.sessionFor(made.paymentId)!;
      await stripe.expire(session.id);
      expect(stripe.events.at(-1)?.status).toBe(200);
      expect((await row(made.paymentId)).status).toBe("declined");
      expect((await checkPaid(made.token)).body).toMatchObject({ success: false, payment: { status: "declined" } });
      const page = await (await fetch(made.redirectUrl)).text();
      expect(page).not.toContain("<button");
      expect(ran).toEqual([]);
    });

    it("Cancel on Stripe's page comes back with the payment still pending", async () => {
      const made = await pay();
      const back = await press(made.redirectUrl, "cancel");
      expect(back.searchParams.get("payum_token")).toBe(made.token);
      expect((await checkPaid(made.token)).body).toMatchObject({ success: false, payment: { status: "pending" } });
    });

    it("refunds through Stripe: part, then the rest; a repeat is the same refund; never more than paid", async () => {
      const made = await pay();
      await press(made.redirectUrl, "pay");
      const first = await refundPayment(db, gateway, { paymentId: made.paymentId, amountCents: 5_000, key: "a" });
      expect(first).toMatchObject({ status: "succeeded", amountCents: 5_000 });
      expect(first.gatewayRef).toMatch(/^re_test_/);
      const again = await refundPayment(db, gateway, { paymentId: made.paymentId, amountCents: 5_000, key: "a" });
      expect(again.id).toBe(first.id);
      await expect(
        refundPayment(db, gateway, { paymentId: made.paymentId, amountCents: 30_000, key: "b" }),
      ).rejects.toMatchObject({ status: 409 });
      const rest = await refundPayment(db, gateway, { paymentId: made.paymentId, key: "c" });
      expect(rest.amountCents).toBe(28_927 - 5_000);
      const session = stripe.sessionFor(made.paymentId)!;
      expect(stripe.refunds.filter((r) => r.payment_intent === session.payment_intent).map((r) => r.amount)).toEqual([
        5_000, 23_927,
      ]);
      const rows = await db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, made.paymentId));
      expect(rows.map((r) => r.status)).toEqual(["succeeded", "succeeded"]);
    });

    it("refuses to refund a payment that is not paid", async () => {
      const made = await pay();
      await expect(refundPayment(db, gateway, { paymentId: made.paymentId, key: "x" })).rejects.toMatchObject({
        status: 409,
      });
      expect(stripe.refunds.some((r) => r.payment_intent === stripe.sessionFor(made.paymentId)!.payment_intent)).toBe(
        false,
      );
    });

    it("ten returns and two webhooks at once fulfil once", async () => {
      const made = await pay();
      const session = stripe.sessionFor(made.paymentId)!;
      const event = await startFakeStripeHeld(stripe, session.id);
      await Promise.all([
        ...Array.from({ length: 10 }, () => checkPaid(made.token)),
        stripe.send(event),
        stripe.send(event),
      ]);
      expect(ran).toEqual([made.paymentId]);
    });
  });
}

function completed(session: object): Stripe.Event {
  return {
    id: `evt_test_${Math.random().toString(36).slice(2)}`,
    object: "event",
    type: "checkout.session.completed",
    data: { object: session },
  } as unknown as Stripe.Event;
}

/** Completes the session at Stripe without telling the CMS yet; answers the event it would send. */
async function startFakeStripeHeld(stripe: FakeStripe, sessionId: string): Promise<Stripe.Event> {
  const session = stripe.sessions.get(sessionId)!;
  Object.assign(session, { status: "complete", payment_status: "paid", payment_intent: `pi_test_${sessionId}` });
  return completed(structuredClone(session));
}
