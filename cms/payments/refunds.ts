/**
 * Refunds (decision 116): money given back on a paid payment through the gateway that took it.
 *
 * 1. Under the payment's row lock, the refund is written `pending`: the payment must be paid, and
 *    the refunds not failed, this one included, add up to at most what was paid. A key already
 *    used answers that refund again (two clicks, two tabs, a replay: one refund).
 * 2. The gateway is asked, outside any transaction, with the same key (so a retry after a crash
 *    is the same refund at the gateway too).
 * 3. The refund is marked `succeeded` with the gateway's reference, or `failed` with its reason,
 *    which frees its amount again.
 */
import { and, eq, ne, sql } from "drizzle-orm";

import { ApiError } from "../accounts/errors";
import type { Db } from "../db/client";
import { paymentRefunds, payments } from "../db/schema";
import type { PaymentGateway } from "./gateway";

export type Refund = typeof paymentRefunds.$inferSelect;

export interface RefundInput {
  paymentId: number;
  /** Integer cents; default what is left to refund. */
  amountCents?: number;
  /** Makes a repeat of the same request the same refund (a form's idempotency key, say). */
  key: string;
  reason?: string;
  userId?: number | null;
}

function refused(message: string, status: 400 | 404 | 409 = 400): ApiError {
  return new ApiError(status, message, { errors: { amount: [message] } });
}

/** The stored (and gateway) key of a caller's refund key: one refund per payment and key. */
export const refundKey = (paymentId: number, key: string) => `refund-${paymentId}-${key}`.slice(0, 200);

/** How much of a payment has been refunded, or is being: its refunds that did not fail. */
export async function refundedCents(db: Db, paymentId: number): Promise<number> {
  const [row] = await db
    .select({ total: sql<string>`coalesce(sum(${paymentRefunds.amountCents}), 0)` })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, paymentId), ne(paymentRefunds.status, "failed")));
  return Number(row.total);
}

/** Gives money back; answers the refund as it ends (a gateway's refusal throws after recording it). */
export async function refundPayment(db: Db, gateway: PaymentGateway, input: RefundInput): Promise<Refund> {
  const key = refundKey(input.paymentId, input.key);
  const claimed = await db.transaction(async (tx) => {
    const [payment] = await tx.select().from(payments).where(eq(payments.id, input.paymentId)).for("update");
    if (!payment) throw refused("There is no such payment.", 404);
    const [again] = await tx.select().from(paymentRefunds).where(eq(paymentRefunds.key, key));
    if (again) return { refund: again, payment };
    if (payment.status !== "paid") throw refused("Only a paid payment can be refunded.", 409);
    if (payment.gateway !== gateway.name) {
      throw refused(`This payment was taken by the ${payment.gateway} gateway, which is not configured now.`, 409);
    }
    const paid = payment.amountCents + payment.surchargeCents;
    const left = paid - (await refundedCents(tx as unknown as Db, payment.id));
    const amount = input.amountCents ?? left;
    if (!Number.isInteger(amount) || amount <= 0) throw refused("Enter an amount above $0.00.");
    if (amount > left) throw refused(`At most ${(left / 100).toFixed(2)} is left to refund.`, 409);
    const [refund] = await tx
      .insert(paymentRefunds)
      .values({
        paymentId: payment.id,
        amountCents: amount,
        key,
        reason: (input.reason ?? "").slice(0, 500),
        userId: input.userId ?? null,
      })
      .returning();
    return { refund, payment };
  });
  const { refund, payment } = claimed;
  // Done already (or given up): the same answer again.
  if (refund.status !== "pending") return refund;
  try {
    const { ref } = await gateway.refund(payment, refund.amountCents, key);
    const [done] = await db
      .update(paymentRefunds)
      .set({ status: "succeeded", gatewayRef: ref })
      .where(eq(paymentRefunds.id, refund.id))
      .returning();
    return done;
  } catch (err) {
    const failure = (err as Error).message.slice(0, 500);
    await db.update(paymentRefunds).set({ status: "failed", failure }).where(eq(paymentRefunds.id, refund.id));
    throw new ApiError(502, `The payment gateway refused the refund: ${failure}`, { code: "REFUND_FAILED" });
  }
}

/** A payment's refunds, oldest first. */
export function refundsOf(db: Db, paymentId: number): Promise<Refund[]> {
  return db.select().from(paymentRefunds).where(eq(paymentRefunds.paymentId, paymentId)).orderBy(paymentRefunds.id);
}
