/** The payment gateway the environment names (PAYMENT_GATEWAY, PAYMENT_NOTIFY_SECRET). */
import type { PaymentGateway } from "./gateway";
import { loadNotifySecret } from "./signature";
import { createTestGateway } from "./test-gateway";

/** The gateways PAYMENT_GATEWAY may name (docs/payments.md: adding one). */
export const PAYMENT_GATEWAYS = ["test"] as const;
export type PaymentGatewayName = (typeof PAYMENT_GATEWAYS)[number];

export function paymentGatewayFromEnv(
  env: { PAYMENT_GATEWAY: PaymentGatewayName; PAYMENT_NOTIFY_SECRET?: string },
  dataDir: string,
): PaymentGateway {
  switch (env.PAYMENT_GATEWAY) {
    case "test":
      return createTestGateway({ secret: loadNotifySecret(env.PAYMENT_NOTIFY_SECRET, dataDir) });
  }
}
