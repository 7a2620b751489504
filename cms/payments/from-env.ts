/** The payment gateway the environment names (PAYMENT_GATEWAY and its settings, cms/contract/payment-env.ts). */
import type { PaymentEnv } from "../contract/payment-env";
import type { PaymentGateway } from "./gateway";
import { loadNotifySecret } from "./signature";
import { createTestGateway } from "./test-gateway";

/** Stripe's SDK (about 20 MB resident) is loaded only when it is the gateway. */
export async function paymentGatewayFromEnv(
  env: Omit<PaymentEnv, "ALLOW_TEST_PAYMENTS"> & { PAYMENT_NOTIFY_SECRET?: string },
  dataDir: string,
): Promise<PaymentGateway> {
  switch (env.PAYMENT_GATEWAY) {
    case "test":
      return createTestGateway({ secret: loadNotifySecret(env.PAYMENT_NOTIFY_SECRET, dataDir) });
    case "stripe": {
      const { StripeGateway } = await import("./stripe-gateway");
      // The environment's check (paymentEnvIssues) has made sure both keys are set.
      return new StripeGateway({
        secretKey: env.STRIPE_SECRET_KEY ?? "",
        webhookSecret: env.STRIPE_WEBHOOK_SECRET ?? "",
        apiBase: env.STRIPE_API_BASE,
        // A session payable as long as the order's stock is held (Stripe's least is 30 minutes).
        expiresInSeconds: (env.STOCK_HOLD_MINUTES ?? 30) * 60,
      });
    }
  }
}

/** The start log's line about payments: which gateway, and, for the test one, that no money is taken. */
export function paymentGatewayNotice(gateway: PaymentGateway): string {
  return gateway.isTest
    ? "[cms] Test payments: PAYMENT_GATEWAY=test takes no money; every payment page says so (docs/payments.md)."
    : `[cms] Payments through ${gateway.name}.`;
}
