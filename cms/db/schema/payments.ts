/**
 * The payments area's tables: one row per payment asked of a gateway. Amounts are integer cents.
 * A payment is fulfilled (its form submission, voucher or order marked paid, the receipt sent)
 * exactly once: `fulfilledAt` is set under a row lock.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { users } from "./accounts";

export const payments = pgTable(
  "payments",
  {
    id: serial("id").primaryKey(),
    /** SHA-256 (hex) of the payum_token the gateway returns with. */
    tokenHash: text("token_hash").notNull(),
    /** What it pays for: "form" | "voucher" | "order". */
    kind: text("kind").notNull(),
    /** The id of the form submission, voucher or order. */
    referenceId: integer("reference_id").notNull(),
    amountCents: integer("amount_cents").notNull(),
    surchargeCents: integer("surcharge_cents").notNull().default(0),
    currency: text("currency").notNull().default("AUD"),
    description: text("description").notNull().default(""),
    /** Where the gateway sends the browser back (a same-site URL of the site). */
    returnUrl: text("return_url").notNull(),
    /** The gateway's name ("test", later "stripe"…) and its own reference. */
    gateway: text("gateway").notNull(),
    gatewayRef: text("gateway_ref"),
    /** "pending" | "paid" | "declined". */
    status: text("status").notNull().default("pending"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** Who receives the receipt. */
    email: text("email").notNull().default(""),
    details: jsonb("details").$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    paidAt: timestamp("paid_at", { withTimezone: true }),
    fulfilledAt: timestamp("fulfilled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("payments_token_idx").on(t.tokenHash),
    index("payments_reference_idx").on(t.kind, t.referenceId),
    // A gateway's webhook names its own reference (a Stripe session id).
    index("payments_gateway_ref_idx").on(t.gateway, t.gatewayRef),
  ],
);

/**
 * Money given back on a paid payment, through its gateway (decision 116). A row is written
 * `pending` before the gateway is asked, under the payment's lock, so the refunds of a payment never
 * add up to more than was paid; `key` (unique) makes a repeated request the same refund.
 */
export const paymentRefunds = pgTable(
  "payment_refunds",
  {
    id: serial("id").primaryKey(),
    paymentId: integer("payment_id")
      .notNull()
      .references(() => payments.id, { onDelete: "cascade" }),
    amountCents: integer("amount_cents").notNull(),
    /** "pending" (asked) | "succeeded" | "failed". */
    status: text("status").notNull().default("pending"),
    /** The caller's idempotency key, also handed to the gateway. */
    key: text("key").notNull(),
    /** The gateway's id of the refund (Stripe's `re_…`). */
    gatewayRef: text("gateway_ref"),
    reason: text("reason").notNull().default(""),
    /** Why the gateway refused, when it did. */
    failure: text("failure"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("payment_refunds_key_idx").on(t.key), index("payment_refunds_payment_idx").on(t.paymentId)],
);
