/**
 * The payments calls (decision 051), prefix `/api/v1/cognito/payment`:
 *
 * - `GET /checkPaid?url={base64 of the return address}&payum_token=`: the payment the token names,
 *   when its return URL is that address (ignoring payum_token); fulfils it when paid. Another
 *   payment's token, a tampered address or an unknown token: `{ success: false, payment: null }`.
 * - `POST /notify`: the gateway's signed notification (the test gateway's, or Stripe's webhook);
 *   records the outcome, fulfils when paid. A replay changes nothing (an outcome is recorded once,
 *   fulfilment happens once); a genuine event about nothing we track is acknowledged (200).
 * - checkPaid asks the gateway (`check`) about a payment still pending: the browser may come back
 *   before the notification.
 * - `POST /creditCardSurchargeOf` `{ amount }` → `{ surcharge, total }` in dollars for a card, and
 *   `/paymentSurchargesOf` → the same and `payment_types` (each type's), from the setting
 *   `payment_surcharges` (surcharges.ts).
 */
import { Hono } from "hono";
import { z } from "zod";

import { ApiError } from "../accounts/errors";
import { parseBody, parseQueryOr400 } from "../accounts/validation";
import type { CmsEnv } from "../context";
import { answer } from "../contract/answer";
import { centsToDollars } from "../contract/formats";
import { addressFromBase64, checkPaidAnswerSchema } from "../contract/payments";
import type { Db } from "../db/client";
import { IGNORED } from "./gateway";
import {
  findPaymentByGatewayRef,
  findPaymentByToken,
  fulfilPayment,
  normaliseReturnUrl,
  type Payment,
  receiptOf,
  recordOutcome,
} from "./service";
import { PAYMENT_TYPES, siteSurcharges, surchargeCents } from "./surcharges";

/** The payment as the calls answer it. */
export function paymentAnswer(payment: Payment) {
  const cents = payment.amountCents + payment.surchargeCents;
  return {
    status: payment.status,
    amount: centsToDollars(cents),
    amount_cents: cents,
    kind: payment.kind,
    reference: payment.referenceId,
    description: payment.description,
  };
}

function decodeReturnAddress(value: string): string | null {
  if (!/^[A-Za-z0-9+/_-]+={0,2}$/.test(value)) return null;
  return normaliseReturnUrl(addressFromBase64(value));
}

const checkPaidQuery = z.object({
  url: z.string().max(4000),
  payum_token: z.string().max(100),
});

const amountBody = z.object({
  amount: z.coerce.number().finite().min(0, "must be 0 or more").max(1_000_000, "must be at most 1000000"),
});

/** The surcharge of each payment type on an amount (dollars), the first (card) first. */
async function surchargesOn(db: Db, amount: number) {
  const cents = Math.round(amount * 100);
  const surcharges = await siteSurcharges(db);
  return PAYMENT_TYPES.map((type) => {
    const surcharge = surchargeCents(surcharges, type.id, cents);
    return {
      id: type.id,
      name: type.name,
      surcharge: centsToDollars(surcharge),
      total: centsToDollars(cents + surcharge),
    };
  });
}

export const paymentRoutes = new Hono<CmsEnv>();

paymentRoutes.get("/checkPaid", async (c) => {
  const query = parseQueryOr400(c, checkPaidQuery);
  const address = decodeReturnAddress(query.url);
  const found = address ? await findPaymentByToken(c.var.db, query.payum_token) : null;
  if (!found || found.returnUrl !== address) {
    return c.json(answer(checkPaidAnswerSchema, { success: false, message: "Payment not found", payment: null }));
  }
  let payment = found;
  // The browser may come back before the gateway's notification: ask the gateway.
  if (payment.status === "pending" && payment.gateway === c.var.paymentGateway.name) {
    const status = await c.var.paymentGateway.check(payment).catch((err: Error) => {
      console.warn(`[cms] payment ${payment.id}: the gateway's check failed: ${err.message}`);
      return "pending" as const;
    });
    if (status !== "pending") payment = await recordOutcome(c.var.db, payment, status, c.var.now);
  }
  if (payment.status === "paid" && !payment.fulfilledAt) {
    const done = await fulfilPayment(c.var.db, payment.id, {
      now: c.var.now,
      mailer: c.var.mailer,
      siteUrl: c.var.siteUrl,
    });
    payment = done.payment ?? payment;
  }
  return c.json(
    answer(checkPaidAnswerSchema, {
      success: payment.status === "paid",
      payment: paymentAnswer(payment),
      receipt: await receiptOf(c.var.db, payment),
    }),
  );
});

paymentRoutes.post("/notify", async (c) => {
  const gateway = c.var.paymentGateway;
  const notice = await gateway.verifyNotification(c.req.raw, c.var.now);
  if (!notice) throw new ApiError(401, "Invalid signature", { code: "SIGNATURE_INVALID" });
  // A genuine event that changes no payment is acknowledged, so the gateway stops sending it.
  if (notice === IGNORED) return c.json({ ok: true, status: "ignored" });
  const found = notice.token
    ? await findPaymentByToken(c.var.db, notice.token)
    : notice.gatewayRef
      ? await findPaymentByGatewayRef(c.var.db, gateway.name, notice.gatewayRef)
      : null;
  if (!found) throw new ApiError(404, "Payment not found");
  const payment = await recordOutcome(c.var.db, found, notice.status, c.var.now, notice.gatewayRef);
  if (payment.status === "paid") {
    await fulfilPayment(c.var.db, payment.id, { now: c.var.now, mailer: c.var.mailer, siteUrl: c.var.siteUrl });
  }
  return c.json({ ok: true, status: payment.status });
});

paymentRoutes.post("/creditCardSurchargeOf", async (c) => {
  const { amount } = await parseBody(c, amountBody);
  const card = (await surchargesOn(c.var.db, amount)).find((t) => t.id === "card")!;
  return c.json({ surcharge: card.surcharge, total: card.total });
});

paymentRoutes.post("/paymentSurchargesOf", async (c) => {
  const { amount } = await parseBody(c, amountBody);
  const types = await surchargesOn(c.var.db, amount);
  return c.json({ surcharge: types[0].surcharge, total: types[0].total, payment_types: types });
});
