/** The vouchers area's tables: the themes (the picture a buyer chooses) and the vouchers. */
import { relations } from "drizzle-orm";
import { integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { users } from "./accounts";
import { images } from "./media";
import { payments } from "./payments";

/** Gift voucher themes: the picture a buyer chooses for the voucher. */
export const voucherThemes = pgTable("voucher_themes", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  imageHash: text("image_hash").references(() => images.hash),
  sortOrder: integer("sort_order").notNull().default(0),
});

export const voucherThemesRelations = relations(voucherThemes, ({ one }) => ({
  image: one(images, { fields: [voucherThemes.imageHash], references: [images.hash] }),
}));

/**
 * Gift vouchers bought through the gateway: pending until their payment is fulfilled, then
 * issued with a code; redeemed once, into the redeemer's credit ledger.
 */
export const giftVouchers = pgTable(
  "gift_vouchers",
  {
    id: serial("id").primaryKey(),
    /** Set when issued (the payment fulfilled): at least 10 characters of an unambiguous alphabet. */
    code: text("code"),
    themeId: integer("theme_id").references(() => voucherThemes.id),
    amountCents: integer("amount_cents").notNull(),
    buyerEmail: text("buyer_email").notNull().default(""),
    buyerUserId: integer("buyer_user_id").references(() => users.id, { onDelete: "set null" }),
    paymentId: integer("payment_id").references(() => payments.id),
    /** "pending" | "issued" | "redeemed". */
    status: text("status").notNull().default("pending"),
    issuedAt: timestamp("issued_at", { withTimezone: true }),
    /** Set when issued: `voucher_expiry_months` (default 36) after; no redemption after it. */
    expiresAt: timestamp("expires_at", { withTimezone: true }),
    /** Whom the buyer gives it to, and their words: shown on the printable voucher. */
    recipientName: text("recipient_name").notNull().default(""),
    message: text("message").notNull().default(""),
    redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
    redeemedBy: integer("redeemed_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("gift_vouchers_code_idx").on(t.code)],
);
