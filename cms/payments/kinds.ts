/**
 * What each kind of payment ("form", "voucher", "order") does, registered by its area at module
 * load: its fulfilment when paid (once, in fulfilPayment's transaction), what a declined payment
 * undoes (in the transaction that records it), and the receipt checkPaid shows its buyer.
 */
import type { Db } from "../db/client";
import type { payments } from "../db/schema";
import type { Mailer } from "../mail/mailer";

type Payment = typeof payments.$inferSelect;

export interface FulfilmentContext {
  /** The moment of fulfilment. */
  now: Date;
  /** The app's mailer (receipts); a warning mailer when none is configured. */
  mailer?: Mailer;
  /** The site's URL (links in mail); undefined when not configured. */
  siteUrl?: string;
}

/** What a kind does when its payment is paid; runs inside fulfilPayment's transaction (`tx`). */
export type FulfilmentHandler = (tx: Db, payment: Payment, ctx: FulfilmentContext) => Promise<void>;

const handlers = new Map<string, FulfilmentHandler>();

/**
 * What the buyer may see of a fulfilled payment on its return page (a voucher's code): a kind's
 * receipt, answered by checkPaid to whoever holds the payment's token and return address.
 */
export type Receipt = { code?: string; expires_at?: string | null };
export type ReceiptHandler = (db: Db, payment: Payment) => Promise<Receipt | null>;

const receipts = new Map<string, ReceiptHandler>();

/** Registers what checkPaid shows of a fulfilled payment of a kind. */
export function registerReceipt(kind: string, handler: ReceiptHandler): void {
  receipts.set(kind, handler);
}

/** The receipt of a fulfilled payment, or null (none registered, or nothing to show). */
export async function receiptOf(db: Db, payment: Payment): Promise<Receipt | null> {
  if (payment.status !== "paid" || !payment.fulfilledAt) return null;
  return (await receipts.get(payment.kind)?.(db, payment)) ?? null;
}

/**
 * What a kind does when its payment is declined (the test gateway's Decline, an expired Stripe
 * session): an order gives its stock back. Runs in the transaction that records the outcome.
 */
export type DeclineHandler = (tx: Db, payment: Payment, now: number) => Promise<void>;

const declines = new Map<string, DeclineHandler>();

/** Registers what a declined payment of a kind undoes. */
export function registerDecline(kind: string, handler: DeclineHandler): void {
  declines.set(kind, handler);
}

/** Registers (or replaces) the fulfilment of a kind of payment. */
export function registerFulfilment(kind: string, handler: FulfilmentHandler): void {
  handlers.set(kind, handler);
}

/** Forgets a kind's fulfilment (tests). */
export function unregisterFulfilment(kind: string): void {
  handlers.delete(kind);
}

/** The fulfilment registered for a kind, if any. */
export const fulfilmentHandler = (kind: string) => handlers.get(kind);

/** The decline handler registered for a kind, if any. */
export const declineHandler = (kind: string) => declines.get(kind);
