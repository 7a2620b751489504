/**
 * A member's orders as invoices, their event tickets, and the "order" payment's fulfilment: the
 * order marked paid (its payment address cleared), one ticket per place of an event line, and the
 * invoice mailed to the member with a copy to the business. Another member's order is "none".
 */
import { randomInt } from "node:crypto";

import { and, asc, desc, eq, inArray, sql } from "drizzle-orm";

import { answer } from "../contract/answer";
import { centsToDollars } from "../contract/formats";
import { orderSchema, orderSummarySchema, ticketSchema } from "../contract/shop";
import type { Db } from "../db/client";
import { orderItems, orders, paymentRefunds, promotionCodes, tickets, users } from "../db/schema";
import type { Mailer } from "../mail/mailer";
import { restock } from "./holds";
import { renderInvoiceMail } from "./mail";
import { type Business, gstOf, shopSettings } from "./pricing";

type OrderRow = typeof orders.$inferSelect;
type ItemRow = typeof orderItems.$inferSelect;

/** The member's orders, newest first. */
export async function listOrders(db: Db, userId: number) {
  const rows = await db
    .select()
    .from(orders)
    .where(eq(orders.userId, userId))
    .orderBy(desc(orders.createdAt), desc(orders.id));
  return rows.map((o) =>
    answer(orderSummarySchema, {
      id: o.id,
      invoice_number: o.invoiceNumber,
      status: o.status,
      created_at: o.createdAt.toISOString(),
      total_amount: centsToDollars(o.totalCents),
      refunded_amount: centsToDollars(o.refundedCents),
    }),
  );
}

async function ownOrder(db: Db, userId: number, orderId: number) {
  const [order] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.id, orderId), eq(orders.userId, userId)))
    .limit(1);
  return order ?? null;
}

const itemsOf = (db: Db, orderId: number) =>
  db.select().from(orderItems).where(eq(orderItems.orderId, orderId)).orderBy(asc(orderItems.id));

/** A succeeded refund as the invoice's adjustment note lists it. */
export interface RefundLine {
  amountCents: number;
  createdAt: Date;
}

/** An order as its invoice shows it; its refunds make the adjustment note. */
export function orderJson(order: OrderRow, items: ItemRow[], business: Business, refunds: RefundLine[] = []) {
  return answer(orderSchema, {
    id: order.id,
    invoice_number: order.invoiceNumber,
    status: order.status,
    created_at: order.createdAt.toISOString(),
    paid_at: order.paidAt?.toISOString() ?? null,
    items: items.map((i) => ({
      name: i.name,
      product_name: i.productName,
      sku_code: i.skuCode,
      addons: i.addons.map((a) => ({ id: a.id, name: a.name, price: centsToDollars(a.price_cents) })),
      qty: i.qty,
      price: centsToDollars(i.priceCents),
      subtotal: centsToDollars(i.priceCents * i.qty),
      is_event: i.isEvent,
    })),
    subtotal: centsToDollars(order.subtotalCents),
    promotion_code: order.promotionCode,
    discount_amount: centsToDollars(order.discountCents),
    shipping_name: order.shippingName,
    shipping_amount: centsToDollars(order.shippingCents),
    surcharge_amount: centsToDollars(order.surchargeCents),
    total_amount: centsToDollars(order.totalCents),
    total_tax: centsToDollars(order.taxCents),
    refunded_amount: centsToDollars(order.refundedCents),
    refunds: refunds.map((r) => ({
      amount: centsToDollars(r.amountCents),
      tax: centsToDollars(gstOf(r.amountCents)),
      created_at: r.createdAt.toISOString(),
    })),
    fulfilled_at: order.fulfilledAt?.toISOString() ?? null,
    fulfilment_note: order.fulfilmentNote,
    address: order.address,
    note: order.note,
    payment: order.status === "pending" ? order.paymentUrl : null,
    business,
  });
}

/** An order's succeeded refunds, oldest first. */
export async function refundLines(db: Db, order: OrderRow): Promise<RefundLine[]> {
  if (order.paymentId === null || order.refundedCents === 0) return [];
  return db
    .select({ amountCents: paymentRefunds.amountCents, createdAt: paymentRefunds.createdAt })
    .from(paymentRefunds)
    .where(and(eq(paymentRefunds.paymentId, order.paymentId), eq(paymentRefunds.status, "succeeded")))
    .orderBy(asc(paymentRefunds.id));
}

/** One of the member's orders, or null. */
export async function getOrder(db: Db, userId: number, orderId: number) {
  const order = await ownOrder(db, userId, orderId);
  if (!order) return null;
  const business = (await shopSettings(db)).business;
  return orderJson(order, await itemsOf(db, order.id), business, await refundLines(db, order));
}

/** The tickets of one of the member's paid orders, or null (another's, or not paid). */
export async function getTickets(db: Db, userId: number, orderId: number) {
  const order = await ownOrder(db, userId, orderId);
  if (!order || (order.status !== "paid" && order.status !== "fulfilled")) return null;
  const items = await itemsOf(db, order.id);
  const rows = items.length
    ? await db
        .select()
        .from(tickets)
        .where(
          inArray(
            tickets.orderItemId,
            items.map((i) => i.id),
          ),
        )
        .orderBy(asc(tickets.id))
    : [];
  return rows.map((t) => {
    const item = items.find((i) => i.id === t.orderItemId)!;
    return answer(ticketSchema, {
      code: t.code,
      name: `${item.productName}: ${item.name}`,
      event_date: item.eventDate,
      holder: t.holder,
    });
  });
}

const TICKET_ALPHABET = "ABCDEFGHJKMNPQRSTUVWXYZ23456789";
const ticketCode = () =>
  `TKT-${Array.from({ length: 10 }, () => TICKET_ALPHABET[randomInt(TICKET_ALPHABET.length)]).join("")}`;

/**
 * The "order" kind's fulfilment (inside the payment's transaction, once): marks the order paid,
 * issues its tickets and mails the invoice. An order already paid is left as it is.
 */
export async function fulfilOrder(db: Db, orderId: number, ctx: { now: Date; mailer?: Mailer; siteUrl?: string }) {
  const [before] = await db.select().from(orders).where(eq(orders.id, orderId)).for("update");
  if (!before || (before.status !== "pending" && before.status !== "cancelled")) return;
  // Paid after its hold ran out (a gateway that could not be stopped in time): the buyer paid, so
  // the order stands and takes its stock again, even below zero, for the owner to see.
  if (before.status === "cancelled") await restock(db, orderId, -1);
  const [order] = await db
    .update(orders)
    .set({
      status: "paid",
      paidAt: ctx.now,
      paymentUrl: null,
      cancelledAt: null,
      cancelReason: null,
      restockedAt: null,
    })
    .where(eq(orders.id, orderId))
    .returning();
  // The promotion code's use counts now that it is paid.
  if (order.promotionCode) {
    await db
      .update(promotionCodes)
      .set({ usedCount: sql`${promotionCodes.usedCount} + 1` })
      .where(eq(promotionCodes.code, order.promotionCode));
  }
  const [member] = await db.select().from(users).where(eq(users.id, order.userId));
  const holder = [member?.firstName, member?.lastName].filter(Boolean).join(" ") || member?.email || "";
  const items = await itemsOf(db, order.id);
  for (const item of items.filter((i) => i.isEvent)) {
    for (let place = 0; place < item.qty; place++) {
      await db.insert(tickets).values({ orderItemId: item.id, code: ticketCode(), holder });
    }
  }
  if (!ctx.mailer) return;
  const { business, timeZone } = await shopSettings(db);
  const invoice = orderJson(order, items, business);
  const message = renderInvoiceMail(member?.language, invoice, { siteUrl: ctx.siteUrl, timeZone });
  if (member?.email) ctx.mailer.send({ to: member.email, ...message });
  if (business.email) {
    ctx.mailer.send({ to: business.email, ...renderInvoiceMail("en", invoice, { siteUrl: ctx.siteUrl, timeZone }) });
  }
}
