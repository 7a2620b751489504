/**
 * A payment gateway (decision 051, docs/payments.md): where the browser is sent to pay, and how the
 * gateway's server-to-server notification is checked. The built-in one is `test-gateway.ts`
 * (`PAYMENT_GATEWAY=test`); Stripe Checkout would be a second implementation of the same two calls.
 */

/** What a gateway is told about a payment it is to take. */
export interface GatewayPayment {
  id: number;
  /** The payum_token (plain): the gateway hands it back in its notification and return. */
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

/** A checked notification: which payment, and how it ended. */
export interface GatewayNotification {
  token: string;
  status: "paid" | "declined";
  /** The gateway's own reference (a Stripe session id…), when it has one. */
  gatewayRef?: string;
}

export interface PaymentGateway {
  /** Stored on the payment ("test", "stripe"…). */
  readonly name: string;
  /** Prepares the payment with the gateway; answers the URL the browser goes to. */
  start(payment: GatewayPayment, ctx: GatewayContext): Promise<string>;
  /**
   * Checks a notification (its signature, its age): the payment it names and its outcome, or null
   * when it is not genuine. Reads the request's body.
   */
  verifyNotification(request: Request, now: number): Promise<GatewayNotification | null>;
}
