/**
 * The shop's orders for the back-office (docs/back-office.md): a page of them, newest first, and
 * one with its lines, address, shipping and payment, read from the shop area's tables. The
 * answers say whether the shop is open (`ecommerce`), so the screens can tell the admin.
 */
import { asc, count, desc, eq, ilike, or } from "drizzle-orm";
import { type Context, Hono } from "hono";
import { z } from "zod";

import { ApiError } from "../accounts/errors";
import type { CmsEnv } from "../context";
import { shopOrderAnswerSchema, shopOrdersAnswerSchema } from "../contract/admin-sales";
import { answer } from "../contract/answer";
import type { Db } from "../db/client";
import { orderItems, orders, payments, users } from "../db/schema";
import { pagingOf } from "../lib/paginate";
import { idFromText, safeText } from "../lib/params";
import { refundsOf } from "../payments/refunds";
import { orderJson } from "../shop/invoices";
import { cancelOrder, markFulfilled, refundOrder } from "../shop/lifecycle";
import { shopSettings } from "../shop/pricing";
import { readBody } from "./body";

const listBody = z
  .object({
    q: safeText(100).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();

const likeOf = (q: string) => `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;

/** A member as the admin's sales answers show one: id, email and full name (null when none). */
export const memberOf = (u: { id: number; email: string; firstName: string; lastName: string } | null) =>
  u ? { id: u.id, email: u.email, name: `${u.firstName} ${u.lastName}`.trim() } : null;

export async function listShopOrders(db: Db, query: z.infer<typeof listBody>) {
  const q = query.q?.trim();
  const where = q ? or(ilike(orders.invoiceNumber, likeOf(q)), ilike(users.email, likeOf(q))) : undefined;
  const [[total], rows, shop] = await Promise.all([
    db.select({ n: count() }).from(orders).leftJoin(users, eq(users.id, orders.userId)).where(where),
    db
      .select({ order: orders, user: users })
      .from(orders)
      .leftJoin(users, eq(users.id, orders.userId))
      .where(where)
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(query.page_size)
      .offset((query.page - 1) * query.page_size),
    shopSettings(db),
  ]);
  return {
    shop_open: shop.open,
    data: rows.map(({ order: o, user }) => ({
      id: o.id,
      invoice_number: o.invoiceNumber,
      member: memberOf(user),
      total_cents: o.totalCents,
      refunded_cents: o.refundedCents,
      status: o.status,
      paid: o.paidAt !== null,
      created_at: o.createdAt.toISOString(),
    })),
    ...pagingOf(total?.n ?? 0, { page: query.page, pageSize: query.page_size }),
  };
}

export async function getShopOrder(db: Db, id: number) {
  const [row] = await db
    .select({ order: orders, user: users, payment: payments })
    .from(orders)
    .leftJoin(users, eq(users.id, orders.userId))
    .leftJoin(payments, eq(payments.id, orders.paymentId))
    .where(eq(orders.id, id))
    .limit(1);
  if (!row) throw new ApiError(404, "order not found");
  const items = await db.select().from(orderItems).where(eq(orderItems.orderId, id)).orderBy(asc(orderItems.id));
  const shop = await shopSettings(db);
  const { business: _business, refunds: _refunds, ...order } = orderJson(row.order, items, shop.business);
  const p = row.payment;
  return {
    shop_open: shop.open,
    data: {
      ...order,
      cancel_reason: row.order.cancelReason,
      restocked: row.order.restockedAt !== null,
      member: memberOf(row.user),
      payment: p
        ? {
            status: p.status,
            gateway: p.gateway,
            amount_cents: p.amountCents + p.surchargeCents,
            paid_at: p.paidAt?.toISOString() ?? null,
            refunds: (await refundsOf(db, p.id)).map((r) => ({
              amount_cents: r.amountCents,
              status: r.status,
              gateway_ref: r.gatewayRef,
              reason: r.reason,
              failure: r.failure,
              created_at: r.createdAt.toISOString(),
            })),
          }
        : null,
    },
  };
}

const keyField = z
  .string()
  .trim()
  .regex(/^[\w-]{8,100}$/, "must be 8 to 100 letters, digits, - or _");
const reasonField = safeText(500).default("");
const fulfilBody = z.object({ note: safeText(2000).default("") }).strict();
const cancelBody = z.object({ reason: reasonField, key: keyField }).strict();
const refundBody = z
  .object({
    /** Dollars; absent: all that is left. */
    amount: z.coerce
      .number({ invalid_type_error: "must be an amount in dollars" })
      .finite()
      .positive("must be more than $0.00")
      .max(1_000_000)
      .refine((v) => Math.abs(v * 100 - Math.round(v * 100)) < 1e-6, "must be dollars and cents")
      .optional(),
    restock: z.boolean().default(false),
    reason: reasonField,
    key: keyField,
  })
  .strict();

const ownerOf = (c: Context<CmsEnv>) => ({
  userId: c.var.user.id,
  now: c.var.now,
  gateway: c.var.paymentGateway,
  mailer: c.var.mailer,
  siteUrl: c.var.siteUrl,
});

/** `/order` (the list), `/order/{id}` (one order) and its actions: fulfil, cancel, refund. */
export function orderRoutes() {
  const app = new Hono<CmsEnv>();
  const one = async (c: Context<CmsEnv>, id: number) =>
    c.json(answer(shopOrderAnswerSchema, await getShopOrder(c.var.db, id)));
  app.post("/order/:id{[0-9]+}/fulfil", async (c) => {
    const id = idFromText(c.req.param("id")) ?? 0;
    const body = await readBody(c, fulfilBody);
    await markFulfilled(c.var.db, id, body.note, ownerOf(c));
    return one(c, id);
  });
  app.post("/order/:id{[0-9]+}/cancel", async (c) => {
    const id = idFromText(c.req.param("id")) ?? 0;
    const body = await readBody(c, cancelBody);
    await cancelOrder(c.var.db, id, body, ownerOf(c));
    return one(c, id);
  });
  app.post("/order/:id{[0-9]+}/refund", async (c) => {
    const id = idFromText(c.req.param("id")) ?? 0;
    const body = await readBody(c, refundBody);
    const amountCents = body.amount === undefined ? undefined : Math.round(body.amount * 100);
    await refundOrder(c.var.db, id, { ...body, amountCents }, ownerOf(c));
    return one(c, id);
  });
  app.post("/order", async (c) =>
    c.json(answer(shopOrdersAnswerSchema, await listShopOrders(c.var.db, await readBody(c, listBody)))),
  );
  app.post("/order/:id{[0-9]+}", async (c) => {
    await readBody(c, z.object({}).strict());
    return c.json(answer(shopOrderAnswerSchema, await getShopOrder(c.var.db, idFromText(c.req.param("id")) ?? 0)));
  });
  return app;
}
