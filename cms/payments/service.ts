/**
 * The payments service (decision 051): a payment is made for something (a form submission, a
 * voucher…), taken by a gateway, its outcome recorded once, and fulfilled exactly once.
 *
 * - `createPayment` stores the payment (the token is 32 random bytes, base64url, stored as its
 *   SHA-256) and asks the gateway where the browser goes.
 * - `recordResult` records the gateway's outcome: only a pending payment changes, so a notification
 *   replayed, or a decline after a payment, changes nothing.
 * - `fulfilPayment` runs the kind's handler (`registerFulfilment`) once: under a row lock, only
 *   while the payment is paid and `fulfilled_at` is null. The handler runs in the same transaction,
 *   so if it throws nothing is fulfilled and the next notify or checkPaid tries again.
 * - `startPayment(c, input)`: what a route calls, with the app's gateway, database, clock and site.
 */
import { createHash, randomBytes } from "node:crypto";

import { and, eq } from "drizzle-orm";
import type { Context } from "hono";

import { ApiError } from "../accounts/errors";
import type { CmsEnv } from "../context";
import type { Db } from "../db/client";
import { payments } from "../db/schema";
import type { Mailer } from "../mail/mailer";
import type { GatewayContext, PaymentGateway } from "./gateway";
import { declineHandler, fulfilmentHandler } from "./kinds";
import { DEFAULT_PAYMENT_TYPE, siteSurcharges, surchargeCents as surchargeOn } from "./surcharges";

export type Payment = typeof payments.$inferSelect;
export type PaymentStatus = "pending" | "paid" | "declined";

/** The largest payment (cents): $1,000,000. */
export const MAX_PAYMENT_CENTS = 100_000_000;
/** The name of the return address's query parameter that carries the token. */
export const TOKEN_PARAM = "payum_token";

export interface CreatePaymentInput {
  /** What it pays for: "form" | "voucher" | "order" (a kind with a registered fulfilment). */
  kind: string;
  /** The id of the form submission, voucher or order. */
  referenceId: number;
  /** Integer cents, > 0. */
  amountCents: number;
  /**
   * Integer cents added to the amount; default the card's surcharge on it (payment_surcharges).
   * An order passes its own, worked out with its total.
   */
  surchargeCents?: number;
  description: string;
  /** Where the browser comes back to: an http(s) URL of the site (any payum_token is dropped). */
  returnUrl: string;
  /** Who receives the receipt. */
  email: string;
  userId?: number | null;
  /** Whatever the kind's handler needs later. */
  details?: Record<string, unknown>;
}

export interface CreatedPayment {
  paymentId: number;
  /** The payum_token (plain; only its hash is stored). */
  token: string;
  /** Where the browser goes to pay. */
  redirectUrl: string;
}

// What each kind of payment does when paid, declined or shown on its return page: kinds.ts.
export {
  type DeclineHandler,
  type FulfilmentContext,
  type FulfilmentHandler,
  type Receipt,
  type ReceiptHandler,
  receiptOf,
  registerDecline,
  registerFulfilment,
  registerReceipt,
  unregisterFulfilment,
} from "./kinds";

export function hashToken(token: string): string {
  return createHash("sha256").update(token).digest("hex");
}

function badInput(field: string, message: string): ApiError {
  return new ApiError(400, "The given data was invalid", { errors: { [field]: [message] } });
}

/** The return URL as stored and compared: http(s), no fragment, no payum_token. */
export function normaliseReturnUrl(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== "http:" && url.protocol !== "https:") return null;
  if (url.username || url.password) return null;
  url.hash = "";
  url.searchParams.delete(TOKEN_PARAM);
  return url.toString();
}

/** The return URL with `payum_token={token}` (other parameters kept). */
export function returnUrlWithToken(returnUrl: string, token: string): string {
  const url = new URL(returnUrl);
  url.searchParams.set(TOKEN_PARAM, token);
  return url.toString();
}

/** Stores a pending payment and asks the gateway where the browser goes. Bad input: ApiError 400. */
export async function createPayment(
  db: Db,
  input: CreatePaymentInput,
  gateway: PaymentGateway,
  now: number,
  ctx: Omit<GatewayContext, "now"> = {},
): Promise<CreatedPayment> {
  const surchargeCents =
    input.surchargeCents ?? surchargeOn(await siteSurcharges(db), DEFAULT_PAYMENT_TYPE, input.amountCents);
  if (!Number.isInteger(input.amountCents) || input.amountCents <= 0 || input.amountCents > MAX_PAYMENT_CENTS) {
    throw badInput("amount", "must be a whole number of cents between 1 and 100000000");
  }
  if (!Number.isInteger(surchargeCents) || surchargeCents < 0 || surchargeCents > MAX_PAYMENT_CENTS) {
    throw badInput("surcharge", "must be a whole number of cents, 0 or more");
  }
  if (!input.kind || !Number.isInteger(input.referenceId)) throw badInput("kind", "must name what is paid for");
  const returnUrl = input.returnUrl.length <= 2000 ? normaliseReturnUrl(input.returnUrl) : null;
  if (!returnUrl) throw badInput("url", "must be an http(s) address of the site");
  const token = randomBytes(32).toString("base64url");
  const [row] = await db
    .insert(payments)
    .values({
      tokenHash: hashToken(token),
      kind: input.kind,
      referenceId: input.referenceId,
      amountCents: input.amountCents,
      surchargeCents,
      description: input.description.slice(0, 500),
      returnUrl,
      gateway: gateway.name,
      email: input.email,
      userId: input.userId ?? null,
      details: input.details ?? {},
      createdAt: new Date(now),
    })
    .returning();
  const started = await gateway.start(
    {
      id: row.id,
      token,
      kind: row.kind,
      amountCents: row.amountCents,
      surchargeCents: row.surchargeCents,
      currency: row.currency,
      description: row.description,
      returnUrl: row.returnUrl,
      email: row.email,
    },
    { ...ctx, now },
  );
  if (started.ref) await db.update(payments).set({ gatewayRef: started.ref }).where(eq(payments.id, row.id));
  return { paymentId: row.id, token, redirectUrl: started.url };
}

/** The payment a gateway's own reference names (a Stripe session id), or null. */
export async function findPaymentByGatewayRef(db: Db, gateway: string, ref: string): Promise<Payment | null> {
  const [row] = await db
    .select()
    .from(payments)
    .where(and(eq(payments.gateway, gateway), eq(payments.gatewayRef, ref)));
  return row ?? null;
}

/** The payment a token names, or null. */
export async function findPaymentByToken(db: Db, token: string): Promise<Payment | null> {
  if (!/^[\w-]{43}$/.test(token)) return null;
  const [row] = await db
    .select()
    .from(payments)
    .where(eq(payments.tokenHash, hashToken(token)));
  return row ?? null;
}

/**
 * Records a gateway's outcome. Only a pending payment changes; answers the payment as it now is,
 * or null for an unknown token.
 */
export async function recordResult(
  db: Db,
  token: string,
  status: "paid" | "declined",
  now: number,
  gatewayRef?: string,
): Promise<Payment | null> {
  const payment = await findPaymentByToken(db, token);
  return payment ? recordOutcome(db, payment, status, now, gatewayRef) : null;
}

/** `recordResult` for a payment already found: only a pending payment changes. */
export async function recordOutcome(
  db: Db,
  payment: Payment,
  status: "paid" | "declined",
  now: number,
  gatewayRef?: string,
): Promise<Payment> {
  if (payment.status !== "pending") return payment;
  return db.transaction(async (tx) => {
    const [locked] = await tx.select().from(payments).where(eq(payments.id, payment.id)).for("update");
    if (locked.status !== "pending") return locked;
    const [updated] = await tx
      .update(payments)
      .set({
        status,
        paidAt: status === "paid" ? new Date(now) : null,
        ...(gatewayRef ? { gatewayRef } : {}),
      })
      .where(eq(payments.id, payment.id))
      .returning();
    if (status === "declined") await declineHandler(updated.kind)?.(tx as unknown as Db, updated, now);
    return updated;
  });
}

/**
 * Fulfils a paid payment exactly once: under the row's lock, when it is paid and not fulfilled,
 * sets `fulfilled_at` and runs its kind's handler in the same transaction (an unknown kind or a
 * failing handler throws and rolls back). Answers whether this call fulfilled it.
 */
export async function fulfilPayment(
  db: Db,
  paymentId: number,
  options: { now?: number; mailer?: Mailer; siteUrl?: string } = {},
): Promise<{ fulfilled: boolean; payment: Payment | null }> {
  const now = new Date(options.now ?? Date.now());
  return db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, paymentId)).for("update");
    if (!payment || payment.status !== "paid" || payment.fulfilledAt)
      return { fulfilled: false, payment: payment ?? null };
    const handler = fulfilmentHandler(payment.kind);
    if (!handler) throw new Error(`No fulfilment registered for payments of kind "${payment.kind}"`);
    const [updated] = await tx.update(payments).set({ fulfilledAt: now }).where(eq(payments.id, paymentId)).returning();
    await handler(tx as unknown as Db, updated, { now, mailer: options.mailer, siteUrl: options.siteUrl });
    return { fulfilled: true, payment: updated };
  });
}

const LOOPBACK = new Set(["localhost", "127.0.0.1", "[::1]"]);

/**
 * Whether a return address may be used with the site at `siteUrl`: on its origin, or, when the
 * site's URL is a loopback one (the default `http://localhost:{PORT}`), on any loopback host.
 */
export function isSiteAddress(address: string, siteUrl: string | undefined): boolean {
  if (!siteUrl) return true;
  const url = new URL(address);
  const site = new URL(siteUrl);
  if (url.origin === site.origin) return true;
  return LOOPBACK.has(site.hostname) && LOOPBACK.has(url.hostname);
}

/**
 * Starts a payment from a route: the app's gateway (`paymentGateway` option), database, clock and
 * site URL. The return URL must be an http(s) address of the site (`isSiteAddress`; 400 if not).
 * The gateway's page is on `paymentPageUrl` when configured (the CMS alone), else on the return
 * address's origin (the site hands `/pay/` to the embedded CMS). Pass `db` to store the payment in
 * a transaction of your own.
 */
export async function startPayment(
  c: Context<CmsEnv>,
  input: CreatePaymentInput,
  db: Db = c.var.db,
): Promise<CreatedPayment> {
  const normalised = input.returnUrl.length <= 2000 ? normaliseReturnUrl(input.returnUrl) : null;
  if (!normalised || !isSiteAddress(normalised, c.var.siteUrl)) {
    throw badInput("url", "must be an address of the site");
  }
  const baseUrl = c.var.paymentPageUrl ?? new URL(normalised).origin;
  return createPayment(db, input, c.var.paymentGateway, c.var.now, { baseUrl });
}
