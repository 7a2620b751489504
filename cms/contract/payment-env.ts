/**
 * The payment gateway's environment (decisions 052 and 116), read by both hosts: the site with its
 * embedded CMS (`app/host/env.server.ts`) and the CMS alone (`cms/env.ts`). The site reads it too
 * when the CMS is elsewhere: it sends a buyer only to the gateway's pages (`paymentPageOrigins`).
 */
import { z } from "zod";

/** The gateways PAYMENT_GATEWAY may name (docs/payments.md: adding one). */
export const PAYMENT_GATEWAYS = ["test", "stripe"] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number];

/** Where Stripe's hosted Checkout pages are. */
export const STRIPE_CHECKOUT_ORIGIN = "https://checkout.stripe.com";

const optionalText = z
  .string()
  .trim()
  .transform((v) => (v === "" ? undefined : v))
  .optional();

export const paymentEnvFields = {
  /** The payment gateway: `test` (the built-in page; no money is taken) or `stripe` (Stripe Checkout). */
  PAYMENT_GATEWAY: z.enum(PAYMENT_GATEWAYS).default("test"),
  /** The HMAC secret of the test gateway's notifications; unset or empty: generated into DATA_DIR. */
  PAYMENT_NOTIFY_SECRET: optionalText.refine(
    (v) => v === undefined || v.length >= 32,
    "must be at least 32 characters",
  ),
  /** Stripe's secret (or restricted) API key; needed with PAYMENT_GATEWAY=stripe. */
  STRIPE_SECRET_KEY: optionalText.refine(
    (v) => v === undefined || /^(sk|rk)_(test|live)_\w+$/.test(v),
    "must be a Stripe secret key (sk_test_…, sk_live_…, rk_…)",
  ),
  /** The signing secret of the webhook registered with Stripe; needed with PAYMENT_GATEWAY=stripe. */
  STRIPE_WEBHOOK_SECRET: optionalText.refine(
    (v) => v === undefined || /^whsec_\w+$/.test(v),
    "must be a webhook signing secret (whsec_…)",
  ),
  /** Another Stripe API host (a Stripe-shaped test server, stripe-mock); its pages are the checkout's too. */
  STRIPE_API_BASE: optionalText.pipe(
    z
      .string()
      .url()
      .refine((v) => /^https?:\/\//.test(v), "must be an http(s) URL")
      .optional(),
  ),
  /** `1`: a public deployment may still run the test gateway (a demo); unset, it refuses to start. */
  ALLOW_TEST_PAYMENTS: z.enum(["0", "1"]).default("0"),
  /** How long an order's stock is held for its payment, in minutes; then it goes back. */
  STOCK_HOLD_MINUTES: z.coerce.number().int().min(1).max(1440).default(30),
};

export type PaymentEnv = {
  PAYMENT_GATEWAY: PaymentGatewayName;
  STRIPE_SECRET_KEY?: string;
  STRIPE_WEBHOOK_SECRET?: string;
  STRIPE_API_BASE?: string;
  ALLOW_TEST_PAYMENTS: "0" | "1";
  STOCK_HOLD_MINUTES?: number;
};

/**
 * What is wrong with the payment settings, by variable: Stripe without its keys, or the test
 * gateway on a public deployment (`publicUrl` set) without ALLOW_TEST_PAYMENTS=1.
 */
export function paymentEnvIssues(env: PaymentEnv, publicUrl: { name: string; value?: string }) {
  const issues: { path: string; message: string }[] = [];
  if (env.PAYMENT_GATEWAY === "stripe") {
    for (const name of ["STRIPE_SECRET_KEY", "STRIPE_WEBHOOK_SECRET"] as const) {
      if (!env[name]) issues.push({ path: name, message: "must be set when PAYMENT_GATEWAY=stripe" });
    }
  }
  if (env.PAYMENT_GATEWAY === "test" && publicUrl.value && env.ALLOW_TEST_PAYMENTS !== "1") {
    issues.push({
      path: "PAYMENT_GATEWAY",
      message:
        `is "test" (no money is taken) on a public deployment (${publicUrl.name} is set): ` +
        "set PAYMENT_GATEWAY=stripe with STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, " +
        "or ALLOW_TEST_PAYMENTS=1 for a demo",
    });
  }
  return issues;
}

/** The origins of the gateway's own pages a buyer may be sent to, besides the CMS's `/pay/`. */
export function paymentPageOrigins(env: Pick<PaymentEnv, "PAYMENT_GATEWAY" | "STRIPE_API_BASE">): string[] {
  if (env.PAYMENT_GATEWAY !== "stripe") return [];
  return [env.STRIPE_API_BASE ? new URL(env.STRIPE_API_BASE).origin : STRIPE_CHECKOUT_ORIGIN];
}
