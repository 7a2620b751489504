/**
 * Stripe Checkout as a gateway (`PAYMENT_GATEWAY=stripe`, decision 116), through Stripe's official
 * SDK:
 *
 * - `start`: a Checkout Session of the server's own amount (a line for the surcharge when there is
 *   one), `client_reference_id` and `metadata.payment_id` our payment's id, an idempotency key from
 *   the payment's id and token, and `success_url` and `cancel_url` the site's return address with
 *   `payum_token`. The session expires with the hold (`expiresInSeconds`, 30 minutes at least).
 * - `verifyNotification`: the webhook, checked with `stripe.webhooks.constructEvent` and the
 *   webhook's secret (a forged or stale signature is refused). `checkout.session.completed` when
 *   paid and `…async_payment_succeeded` pay; `…expired` and `…async_payment_failed` decline; any
 *   other event is acknowledged and changes nothing.
 * - `check`: the session as Stripe has it now (the return may come before the webhook).
 * - `refund`: `refunds.create` on the session's payment intent, with the caller's idempotency key.
 *
 * `apiBase` (STRIPE_API_BASE) points the SDK at another host: the tests' Stripe-shaped server.
 */
import { createHash } from "node:crypto";

import Stripe from "stripe";

import {
  type GatewayContext,
  type GatewayNotification,
  type GatewayPayment,
  type GatewayRecord,
  type GatewayStart,
  IGNORED,
  type PaymentGateway,
} from "./gateway";

/** Stripe's shortest session life. */
const MIN_EXPIRY_SECONDS = 30 * 60;
/** How old a webhook's signature may be. */
const TOLERANCE_SECONDS = 300;

export interface StripeGatewayOptions {
  secretKey: string;
  webhookSecret: string;
  /** Another API host (`http://127.0.0.1:12111`): a Stripe-shaped server for tests, or stripe-mock. */
  apiBase?: string;
  /** How long a session stays payable; at least Stripe's 30 minutes. */
  expiresInSeconds?: number;
}

function clientOptions(apiBase: string | undefined): Stripe.StripeConfig {
  const options: Stripe.StripeConfig = { maxNetworkRetries: 2, timeout: 20_000, telemetry: false };
  if (!apiBase) return options;
  const url = new URL(apiBase);
  const protocol = url.protocol === "http:" ? "http" : "https";
  return { ...options, host: url.hostname, port: url.port || (protocol === "http" ? 80 : 443), protocol };
}

export class StripeGateway implements PaymentGateway {
  readonly name = "stripe";
  readonly isTest = false;
  readonly #stripe: Stripe;
  readonly #webhookSecret: string;
  readonly #expiresIn: number;

  constructor(options: StripeGatewayOptions) {
    if (!options.secretKey) throw new Error("Stripe needs STRIPE_SECRET_KEY");
    if (!options.webhookSecret) throw new Error("Stripe needs STRIPE_WEBHOOK_SECRET");
    this.#stripe = new Stripe(options.secretKey, clientOptions(options.apiBase));
    this.#webhookSecret = options.webhookSecret;
    this.#expiresIn = Math.max(options.expiresInSeconds ?? MIN_EXPIRY_SECONDS, MIN_EXPIRY_SECONDS);
  }

  async start(payment: GatewayPayment, ctx: GatewayContext): Promise<GatewayStart> {
    const currency = payment.currency.toLowerCase();
    const line = (name: string, cents: number) => ({
      quantity: 1,
      price_data: { currency, unit_amount: cents, product_data: { name: name.slice(0, 250) || "Payment" } },
    });
    const back = new URL(payment.returnUrl);
    back.searchParams.set("payum_token", payment.token);
    const session = await this.#stripe.checkout.sessions.create(
      {
        mode: "payment",
        line_items: [
          line(payment.description, payment.amountCents),
          ...(payment.surchargeCents > 0 ? [line("Card surcharge", payment.surchargeCents)] : []),
        ],
        ...(payment.email ? { customer_email: payment.email } : {}),
        client_reference_id: String(payment.id),
        metadata: { payment_id: String(payment.id), kind: payment.kind },
        success_url: back.toString(),
        cancel_url: back.toString(),
        expires_at: Math.floor(ctx.now / 1000) + this.#expiresIn,
      },
      // The same payment asks once, even when the call is retried; a database reset (ids again from
      // 1) makes new keys, since the token is new.
      {
        idempotencyKey: `dovetail-payment-${payment.id}-${createHash("sha256").update(payment.token).digest("hex").slice(0, 16)}`,
      },
    );
    if (!session.url) throw new Error(`Stripe answered session ${session.id} with no URL`);
    return { url: session.url, ref: session.id };
  }

  async verifyNotification(request: Request, now: number): Promise<GatewayNotification | typeof IGNORED | null> {
    const body = await request.text();
    const signature = request.headers.get("stripe-signature");
    if (!signature) return null;
    let event: Stripe.Event;
    try {
      event = this.#stripe.webhooks.constructEvent(
        body,
        signature,
        this.#webhookSecret,
        TOLERANCE_SECONDS,
        undefined,
        now, // ms
      );
    } catch {
      return null;
    }
    switch (event.type) {
      case "checkout.session.completed":
        return event.data.object.payment_status === "unpaid"
          ? IGNORED // a delayed method: its own event follows
          : { gatewayRef: event.data.object.id, status: "paid" };
      case "checkout.session.async_payment_succeeded":
        return { gatewayRef: event.data.object.id, status: "paid" };
      case "checkout.session.async_payment_failed":
      case "checkout.session.expired":
        return { gatewayRef: event.data.object.id, status: "declined" };
      default:
        return IGNORED;
    }
  }

  async check(payment: GatewayRecord): Promise<"paid" | "declined" | "pending"> {
    if (!payment.gatewayRef) return "pending";
    const session = await this.#stripe.checkout.sessions.retrieve(payment.gatewayRef);
    if (session.status === "complete" && session.payment_status !== "unpaid") return "paid";
    if (session.status === "expired") return "declined";
    return "pending";
  }

  async cancel(payment: GatewayRecord): Promise<void> {
    if (!payment.gatewayRef) return;
    try {
      await this.#stripe.checkout.sessions.expire(payment.gatewayRef);
    } catch (err) {
      // Already complete or expired: nothing to stop.
      console.warn(`[cms] payment ${payment.id}: Stripe's session was not expired: ${(err as Error).message}`);
    }
  }

  async refund(payment: GatewayRecord, amountCents: number, key: string): Promise<{ ref: string }> {
    if (!payment.gatewayRef) throw new Error(`Payment ${payment.id} has no Stripe session`);
    const session = await this.#stripe.checkout.sessions.retrieve(payment.gatewayRef);
    const intent = typeof session.payment_intent === "string" ? session.payment_intent : session.payment_intent?.id;
    if (!intent) throw new Error(`Stripe's session ${session.id} has no payment to refund`);
    const refund = await this.#stripe.refunds.create(
      { payment_intent: intent, amount: amountCents },
      { idempotencyKey: key },
    );
    if (refund.status === "failed" || refund.status === "canceled") {
      throw new Error(`Stripe refused the refund (${refund.failure_reason ?? refund.status})`);
    }
    return { ref: refund.id };
  }
}
