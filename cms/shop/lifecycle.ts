/**
 * An order's life after it is placed, as the owner runs it from the back-office (docs/payments.md,
 * "The states of an order"):
 *
 *   pending ──paid──▶ paid ──fulfil──▶ fulfilled
 *      │                │ └──refund (part)──▶ paid/fulfilled, refunded_cents > 0
 *      └──cancel──▶ cancelled ◀──cancel (refunds all)──┘ └──refund (all)──▶ refunded
 *
 * Each action locks the order's row, checks the state it starts from, writes the audit row in the
 * same transaction, and answers the order. Money goes back through the gateway that took it
 * (`refundPayment`, idempotent by key, outside the transaction); the order then counts what its
 * payment's succeeded refunds add up to. Stock goes back at most once (`restocked_at`).
 */
import { and, eq, sql } from "drizzle-orm";

import { ApiError } from "../accounts/errors";
import { type AuditEntry, writeAudit } from "../admin/audit";
import type { Db } from "../db/client";
import { orders, paymentRefunds, payments, users } from "../db/schema";
import type { Mailer } from "../mail/mailer";
import type { PaymentGateway } from "../payments/gateway";
import { refundKey, refundPayment } from "../payments/refunds";
import { recordOutcome } from "../payments/service";
import { releaseOrder, restock } from "./holds";
import { renderFulfilmentMail } from "./lifecycle-mail";

type OrderRow = typeof orders.$inferSelect;

export interface OwnerContext {
  userId: number;
  now: number;
  gateway: PaymentGateway;
  mailer: Mailer;
  siteUrl?: string;
}

const refused = (message: string, status: 404 | 409 = 409) =>
  new ApiError(status, message, { errors: { status: [message] } });

async function lockOrder(tx: Db, orderId: number): Promise<OrderRow> {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order) throw refused("order not found", 404);
  return order;
}

const PAID = ["paid", "fulfilled"];

/** Marks a paid order fulfilled (sent or collected), with an optional note mailed to the customer. */
export async function markFulfilled(db: Db, orderId: number, note: string, ctx: OwnerContext) {
  const { order, member } = await db.transaction(async (tx) => {
    const before = await lockOrder(tx as unknown as Db, orderId);
    if (before.status !== "paid")
      throw refused(`Only a paid order can be marked fulfilled; this one is ${before.status}.`);
    const [after] = await tx
      .update(orders)
      .set({ status: "fulfilled", fulfilledAt: new Date(ctx.now), fulfilmentNote: note })
      .where(eq(orders.id, orderId))
      .returning();
    await writeAudit(tx as unknown as Db, audit(ctx, after, "fulfil", before));
    const [member] = await tx.select().from(users).where(eq(users.id, after.userId));
    return { order: after, member };
  });
  if (member?.email) {
    ctx.mailer.send({ to: member.email, ...(await renderFulfilmentMail(db, member.language, order, ctx.siteUrl)) });
  }
  return order;
}

/**
 * Cancels an order: a pending one gives its stock back and its payment can no longer be made; a
 * paid one (not yet fulfilled) is refunded in full through the gateway first, then restocked.
 */
export async function cancelOrder(db: Db, orderId: number, input: { reason: string; key: string }, ctx: OwnerContext) {
  const [first] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!first) throw refused("order not found", 404);
  if (first.status === "pending") {
    const order = await db.transaction(async (tx) => {
      const before = await lockOrder(tx as unknown as Db, orderId);
      if (!(await releaseOrder(tx as unknown as Db, orderId, "owner", ctx.now))) {
        throw refused(`This order is ${before.status} now: look again before cancelling it.`);
      }
      const [after] = await tx
        .update(orders)
        .set({ restockedAt: new Date(ctx.now) })
        .where(eq(orders.id, orderId))
        .returning();
      await writeAudit(tx as unknown as Db, audit(ctx, after, "cancel", before, input.reason));
      return after;
    });
    await stopPayment(db, order, ctx);
    return order;
  }
  if (first.status !== "paid")
    throw refused(`Only a pending or paid order can be cancelled; this one is ${first.status}.`);
  return refundOrder(db, orderId, { restock: true, reason: input.reason, key: input.key, cancel: true }, ctx);
}

/** A pending order's payment, declined here and stopped at the gateway where it can be. */
async function stopPayment(db: Db, order: OrderRow, ctx: OwnerContext) {
  if (order.paymentId === null) return;
  const [payment] = await db.select().from(payments).where(eq(payments.id, order.paymentId));
  if (!payment) return;
  await recordOutcome(db, payment, "declined", ctx.now);
  if (payment.gateway === ctx.gateway.name) await ctx.gateway.cancel(payment);
}

export interface RefundOrderInput {
  /** Cents; default all that is left. */
  amountCents?: number;
  /** Put the order's stock back (once). */
  restock: boolean;
  reason: string;
  /** The form's idempotency key: the same key is the same refund. */
  key: string;
  /** A cancel: the order ends "cancelled" rather than "refunded". */
  cancel?: boolean;
}

/** Gives money back on a paid or fulfilled order, through the gateway that took it. */
export async function refundOrder(db: Db, orderId: number, input: RefundOrderInput, ctx: OwnerContext) {
  const [first] = await db.select().from(orders).where(eq(orders.id, orderId));
  if (!first) throw refused("order not found", 404);
  if (first.paymentId === null) throw refused("This order has no payment to refund.");
  const [again] = await db
    .select()
    .from(paymentRefunds)
    .where(eq(paymentRefunds.key, refundKey(first.paymentId, input.key)));
  const repeat = again?.status === "succeeded";
  if (!repeat && !PAID.includes(first.status)) {
    throw refused(`Only a paid order can be refunded; this one is ${first.status}.`);
  }
  if (input.cancel && first.status === "fulfilled") throw refused("A fulfilled order cannot be cancelled: refund it.");
  const refund = await refundPayment(db, ctx.gateway, {
    paymentId: first.paymentId,
    amountCents: input.amountCents,
    key: input.key,
    reason: input.reason,
    userId: ctx.userId,
  });
  return db.transaction(async (tx) => {
    const before = await lockOrder(tx as unknown as Db, orderId);
    const [{ total }] = await tx
      .select({ total: sql<string>`coalesce(sum(${paymentRefunds.amountCents}), 0)` })
      .from(paymentRefunds)
      .where(and(eq(paymentRefunds.paymentId, first.paymentId!), eq(paymentRefunds.status, "succeeded")));
    const refunded = Number(total);
    // Two clicks, two tabs, a replayed form (even at once): the refund counted already changes
    // nothing more. A refund made but not yet counted (a crash between) is counted now.
    if (refunded === before.refundedCents) return before;
    const restocking = input.restock && !before.restockedAt;
    if (restocking) await restock(tx as unknown as Db, orderId, +1);
    const all = refunded >= before.totalCents;
    const [after] = await tx
      .update(orders)
      .set({
        refundedCents: refunded,
        ...(input.cancel
          ? { status: "cancelled", cancelledAt: new Date(ctx.now), cancelReason: "owner" }
          : all
            ? { status: "refunded" }
            : {}),
        ...(restocking ? { restockedAt: new Date(ctx.now) } : {}),
      })
      .where(eq(orders.id, orderId))
      .returning();
    const entry = audit(ctx, after, input.cancel ? "cancel" : "refund", before, input.reason);
    entry.after = { ...entry.after, refund_cents: refund.amountCents, refund_ref: refund.gatewayRef };
    await writeAudit(tx as unknown as Db, entry);
    return after;
  });
}

function audit(
  ctx: OwnerContext,
  after: OrderRow,
  action: string,
  before: OrderRow,
  reason?: string,
): AuditEntry & { after: Record<string, unknown> } {
  const pick = (o: OrderRow) => ({
    status: o.status,
    refunded_cents: o.refundedCents,
    fulfilled_at: o.fulfilledAt,
    fulfilment_note: o.fulfilmentNote,
    restocked_at: o.restockedAt,
  });
  return {
    userId: ctx.userId,
    at: ctx.now,
    model: "order",
    recordId: after.id,
    action,
    before: pick(before),
    after: { ...pick(after), ...(reason ? { reason } : {}) },
  };
}
