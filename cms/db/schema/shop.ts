/**
 * The shop's tables (docs/shop.md): what can be bought (SKUs and their add-ons, stock counted
 * down under a row lock), carts found by their key, promotion codes, shipping quote requests, and
 * orders with their lines and event tickets. Money is integer cents; an order keeps a snapshot of
 * what was bought, at the price of then.
 */
import { relations, sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

import { users } from "./accounts";
import { products } from "./catalogue";
import { payments } from "./payments";

/** A product's buyable variant: a code, a price and a stock; an event's places are its stock. */
export const skus = pgTable(
  "skus",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull(),
    stock: integer("stock").notNull().default(0),
    isEvent: boolean("is_event").notNull().default(false),
    /** The event's day (YYYY-MM-DD) when `isEvent`. */
    eventDate: text("event_date"),
    enabled: boolean("enabled").notNull().default(true),
  },
  (t) => [
    uniqueIndex("skus_code_idx").on(t.code),
    index("skus_product_idx").on(t.productId),
    check("skus_stock_not_negative", sql`${t.stock} >= 0`),
    check("skus_price_not_negative", sql`${t.priceCents} >= 0`),
  ],
);

/** Extras bought with a piece of a SKU (a care kit, cushions), each priced per piece. */
export const skuAddons = pgTable(
  "sku_addons",
  {
    id: serial("id").primaryKey(),
    skuId: integer("sku_id")
      .notNull()
      .references(() => skus.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    priceCents: integer("price_cents").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("sku_addons_sku_idx").on(t.skuId, t.sortOrder)],
);

/** A cart: found by its key (anonymous) or by its member (at most one each). */
export const carts = pgTable(
  "carts",
  {
    id: serial("id").primaryKey(),
    /** 32 random bytes, base64url. */
    sessionKey: text("session_key").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("carts_session_key_idx").on(t.sessionKey), uniqueIndex("carts_user_idx").on(t.userId)],
);

/** A cart's line: a SKU with a set of add-ons (`addonKey`: their ids sorted, comma-joined). */
export const cartItems = pgTable(
  "cart_items",
  {
    id: serial("id").primaryKey(),
    cartId: integer("cart_id")
      .notNull()
      .references(() => carts.id, { onDelete: "cascade" }),
    skuId: integer("sku_id")
      .notNull()
      .references(() => skus.id, { onDelete: "cascade" }),
    addonKey: text("addon_key").notNull().default(""),
    addonIds: jsonb("addon_ids").$type<number[]>().notNull().default([]),
    qty: integer("qty").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("cart_items_line_idx").on(t.cartId, t.skuId, t.addonKey),
    check("cart_items_qty_range", sql`${t.qty} between 1 and 99`),
  ],
);

/** Promotion codes: a percentage or a fixed amount off the subtotal, in a window, maybe limited. */
export const promotionCodes = pgTable(
  "promotion_codes",
  {
    id: serial("id").primaryKey(),
    code: text("code").notNull(),
    /** "percent" | "fixed". */
    kind: text("kind").notNull(),
    /** Percent (1–100) or cents. */
    value: integer("value").notNull(),
    startsAt: timestamp("starts_at", { withTimezone: true }),
    endsAt: timestamp("ends_at", { withTimezone: true }),
    minSubtotalCents: integer("min_subtotal_cents").notNull().default(0),
    usageLimit: integer("usage_limit"),
    /** Paid orders that used it (counted when an order is paid, not when it is placed). */
    usedCount: integer("used_count").notNull().default(0),
    /** How many orders one member may use it in (paid, or placed and still payable); null: any. */
    perMemberLimit: integer("per_member_limit"),
  },
  (t) => [uniqueIndex("promotion_codes_code_idx").on(t.code)],
);

/** A visitor's request for a delivery quote outside the zones, with the cart's lines of then. */
export const shippingQuoteRequests = pgTable("shipping_quote_requests", {
  id: serial("id").primaryKey(),
  cartId: integer("cart_id").references(() => carts.id, { onDelete: "set null" }),
  address: jsonb("address").$type<Record<string, string>>().notNull(),
  lines: jsonb("lines").$type<Array<Record<string, unknown>>>().notNull().default([]),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** The invoice numbers' counter (one row): drawn inside the order's transaction, so no gaps. */
export const invoiceCounter = pgTable("invoice_counter", {
  id: integer("id").primaryKey(),
  value: integer("value").notNull(),
});

/** A member's order: prices, shipping and discount as they were when it was placed. */
export const orders = pgTable(
  "orders",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    idempotencyKey: text("idempotency_key").notNull(),
    /**
     * "pending" (its stock held) | "paid" | "fulfilled" (sent or collected) | "cancelled" (its hold
     * released, or the owner cancelled it: stock back) | "refunded" (all of it given back).
     */
    status: text("status").notNull().default("pending"),
    invoiceNumber: text("invoice_number").notNull(),
    address: jsonb("address").$type<Record<string, string>>().notNull(),
    shippingName: text("shipping_name").notNull(),
    shippingCents: integer("shipping_cents").notNull().default(0),
    promotionCode: text("promotion_code"),
    discountCents: integer("discount_cents").notNull().default(0),
    subtotalCents: integer("subtotal_cents").notNull(),
    totalCents: integer("total_cents").notNull(),
    taxCents: integer("tax_cents").notNull(),
    /** The card surcharge (payment_surcharges), included in the total. */
    surchargeCents: integer("surcharge_cents").notNull().default(0),
    /** What has been given back (succeeded refunds); the invoice shows it as an adjustment note. */
    refundedCents: integer("refunded_cents").notNull().default(0),
    note: text("note").notNull().default(""),
    paymentId: integer("payment_id").references(() => payments.id),
    /** The gateway's address while pending; cleared once paid. */
    paymentUrl: text("payment_url"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    /** While pending: when its stock goes back unless paid (STOCK_HOLD_MINUTES after it was placed). */
    holdExpiresAt: timestamp("hold_expires_at", { withTimezone: true }),
    cancelledAt: timestamp("cancelled_at", { withTimezone: true }),
    /** Why it was cancelled: "declined" (the payment), "expired" (the hold), "owner" (the back-office). */
    cancelReason: text("cancel_reason"),
    fulfilledAt: timestamp("fulfilled_at", { withTimezone: true }),
    /** The owner's note to the customer when it was fulfilled (mailed, and shown on the invoice). */
    fulfilmentNote: text("fulfilment_note").notNull().default(""),
    /** When the owner put its stock back (a cancel, or a refund that chose to): once only. */
    restockedAt: timestamp("restocked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("orders_idempotency_idx").on(t.userId, t.idempotencyKey),
    index("orders_hold_idx").on(t.status, t.holdExpiresAt),
    uniqueIndex("orders_invoice_number_idx").on(t.invoiceNumber),
  ],
);

/** An order's line, a snapshot: what it was called and cost when it was bought. */
export const orderItems = pgTable(
  "order_items",
  {
    id: serial("id").primaryKey(),
    orderId: integer("order_id")
      .notNull()
      .references(() => orders.id, { onDelete: "cascade" }),
    skuId: integer("sku_id").references(() => skus.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    productName: text("product_name").notNull(),
    skuCode: text("sku_code").notNull(),
    addons: jsonb("addons").$type<Array<{ id: number; name: string; price_cents: number }>>().notNull().default([]),
    qty: integer("qty").notNull(),
    /** One piece with its add-ons. */
    priceCents: integer("price_cents").notNull(),
    isEvent: boolean("is_event").notNull().default(false),
    eventDate: text("event_date"),
  },
  (t) => [index("order_items_order_idx").on(t.orderId)],
);

/** One place at an event, issued when its order is paid. */
export const tickets = pgTable(
  "tickets",
  {
    id: serial("id").primaryKey(),
    orderItemId: integer("order_item_id")
      .notNull()
      .references(() => orderItems.id, { onDelete: "cascade" }),
    code: text("code").notNull(),
    holder: text("holder").notNull(),
  },
  (t) => [uniqueIndex("tickets_code_idx").on(t.code), index("tickets_item_idx").on(t.orderItemId)],
);

export const skusRelations = relations(skus, ({ one, many }) => ({
  product: one(products, { fields: [skus.productId], references: [products.id] }),
  addons: many(skuAddons),
}));

export const skuAddonsRelations = relations(skuAddons, ({ one }) => ({
  sku: one(skus, { fields: [skuAddons.skuId], references: [skus.id] }),
}));

export const ordersRelations = relations(orders, ({ many }) => ({ items: many(orderItems) }));

export const orderItemsRelations = relations(orderItems, ({ one, many }) => ({
  order: one(orders, { fields: [orderItems.orderId], references: [orders.id] }),
  tickets: many(tickets),
}));

export const ticketsRelations = relations(tickets, ({ one }) => ({
  orderItem: one(orderItems, { fields: [tickets.orderItemId], references: [orderItems.id] }),
}));
