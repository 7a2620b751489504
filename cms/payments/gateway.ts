/**
 * A payment gateway (decisions 051 and 116, docs/payments.md): one interface, four calls — start
 * (where the browser is sent to pay), check (ask the gateway how a payment stands), refund, and
 * the gateway's server-to-server notification (a webhook). The built-in one is `test-gateway.ts`
 * (`PAYMENT_GATEWAY=test`), Stripe Checkout is `stripe-gateway.ts` (`PAYMENT_GATEWAY=stripe`).
 * Adding another provider means writing one more implementation, not touching what takes payments.
 */

/** What a gateway is told about a payment it is to take. */
export interface GatewayPayment {
  id: number;
  /** The payum_token (plain): the gateway hands it back in its return. */
  token: string;
  kind: string;
  amountCents: number;
  surchargeCents: number;
  currency: string;
  description: string;
  /** The site's return address (without payum_token). */
  returnUrl: string;
  email: string;
}

/** Where the request that starts a payment came from. */
export interface GatewayContext {
  /** The public address of the site (and so of `/pay/…`); undefined: a relative URL is answered. */
  baseUrl?: string;
  /** The moment (ms). */
  now: number;
}

/** A started payment: where the browser goes, and the gateway's own reference (a Stripe session id). */
export interface GatewayStart {
  url: string;
  ref?: string;
}

/** A checked notification: which payment (by its token or the gateway's reference), and how it ended. */
export interface GatewayNotification {
  token?: string;
  gatewayRef?: string;
  status: "paid" | "declined";
}

/** A notification that is genuine but says nothing about an outcome (another kind of event). */
export const IGNORED = "ignored";

/** The payment as a gateway's check and refund need it. */
export interface GatewayRecord {
  id: number;
  gatewayRef: string | null;
  amountCents: number;
  surchargeCents: number;
  currency: string;
}

export interface PaymentGateway {
  /** Stored on the payment ("test", "stripe"…). */
  readonly name: string;
  /** True when no money is taken: every payment page and receipt says so. */
  readonly isTest: boolean;
  /** Prepares the payment with the gateway; answers the URL the browser goes to. */
  start(payment: GatewayPayment, ctx: GatewayContext): Promise<GatewayStart>;
  /**
   * Checks a notification (its signature, its age): the payment it names and its outcome;
   * `IGNORED` for a genuine event that changes nothing; null when it is not genuine. Reads the
   * request's body.
   */
  verifyNotification(request: Request, now: number): Promise<GatewayNotification | typeof IGNORED | null>;
  /** How the payment stands at the gateway now (a return may come before the webhook). */
  check(payment: GatewayRecord): Promise<"paid" | "declined" | "pending">;
  /**
   * Gives back `amountCents` of a paid payment; `key` makes a repeat of the same refund harmless.
   * Answers the gateway's reference of the refund. Throws when the gateway refuses.
   */
  refund(payment: GatewayRecord, amountCents: number, key: string): Promise<{ ref: string }>;
  /**
   * Stops a payment that is no longer wanted (its order's hold ran out) from being paid at the
   * gateway, where the gateway can: best effort, never throws.
   */
  cancel(payment: GatewayRecord): Promise<void>;
}
