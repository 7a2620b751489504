/**
 * Stock held only while a payment can still happen (issue 27, section 4). Placing an order takes
 * its stock with a hold (`STOCK_HOLD_MINUTES`, 30 by default); paying makes it permanent. A
 * declined payment, or the hold running out, cancels the order and puts the stock back:
 *
 * - `releaseOrder` under the order's row lock, only while it is pending (so a payment and a
 *   release never both win);
 * - `releaseExpiredHolds`, run every minute by each instance (`startHoldSweeper`): it claims the
 *   expired orders with `FOR UPDATE SKIP LOCKED`, so several instances on one PostgreSQL share the
 *   work and none releases an order twice; it also declines their payments, so a late Pay on the
 *   gateway's page is refused (and asks the gateway to stop the session, where it can).
 */
import { and, eq, inArray, lte, sql } from "drizzle-orm";

import type { Db } from "../db/client";
import { orderItems, orders, payments, skus } from "../db/schema";
import type { PaymentGateway } from "../payments/gateway";
import { recordOutcome } from "../payments/service";

export const DEFAULT_HOLD_MINUTES = 30;
/** The most orders a member may have waiting for payment at once. */
export const MAX_PENDING_ORDERS = 3;

/** Cancels a pending order and gives its stock back; false when it is not pending (paid, or released already). */
export async function releaseOrder(tx: Db, orderId: number, reason: "declined" | "expired" | "owner", now: number) {
  const [order] = await tx.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!order || order.status !== "pending") return false;
  await tx
    .update(orders)
    .set({ status: "cancelled", cancelledAt: new Date(now), cancelReason: reason, paymentUrl: null })
    .where(eq(orders.id, orderId));
  await restock(tx, orderId, +1);
  return true;
}

/** Adds each line's quantity back to its SKU's stock (`sign` +1), or takes it off again (-1). */
export async function restock(tx: Db, orderId: number, sign: 1 | -1) {
  const items = await tx.select().from(orderItems).where(eq(orderItems.orderId, orderId));
  for (const item of items) {
    if (item.skuId === null) continue; // the SKU was deleted since
    await tx
      .update(skus)
      .set({ stock: sql`${skus.stock} + ${sign * item.qty}` })
      .where(eq(skus.id, item.skuId));
  }
}

/** Releases the orders whose hold has run out; answers their ids. Safe to run on every instance at once. */
export async function releaseExpiredHolds(db: Db, now: number, gateway?: PaymentGateway): Promise<number[]> {
  const released = await db.transaction(async (tx) => {
    const due = await tx
      .select({ id: orders.id, paymentId: orders.paymentId })
      .from(orders)
      .where(and(eq(orders.status, "pending"), lte(orders.holdExpiresAt, new Date(now))))
      .limit(100)
      .for("update", { skipLocked: true });
    for (const order of due) await releaseOrder(tx as unknown as Db, order.id, "expired", now);
    return due;
  });
  const paymentIds = released.map((o) => o.paymentId).filter((id): id is number => id !== null);
  if (paymentIds.length > 0) {
    const rows = await db.select().from(payments).where(inArray(payments.id, paymentIds));
    for (const payment of rows) {
      // Declining runs the order's decline handler, which finds it cancelled already: nothing more.
      await recordOutcome(db, payment, "declined", now);
      if (gateway && payment.gateway === gateway.name) await gateway.cancel(payment);
    }
  }
  return released.map((o) => o.id);
}

/** Every minute, this instance releases the holds that ran out (never two at once here). */
export function startHoldSweeper(db: Db, options: { gateway?: PaymentGateway; intervalMs?: number } = {}) {
  let running = false;
  const timer = setInterval(() => {
    if (running) return;
    running = true;
    releaseExpiredHolds(db, Date.now(), options.gateway)
      .then((ids) => {
        if (ids.length) console.log(`[cms] stock back from ${ids.length} unpaid order(s) whose hold ran out`);
      })
      .catch((err: Error) => console.warn(`[cms] releasing expired stock holds failed: ${err.message}`))
      .finally(() => {
        running = false;
      });
  }, options.intervalMs ?? 60_000);
  timer.unref();
  return () => clearInterval(timer);
}
