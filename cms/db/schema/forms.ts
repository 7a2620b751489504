/**
 * The forms area's tables (spec section 3, Form and Question): forms with their questions, and
 * the submissions, each stored with the version and the questions of the form it answered.
 */
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { users } from "./accounts";
import { payments } from "./payments";

export const forms = pgTable(
  "forms",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    url: text("url").notNull(),
    useCaptcha: boolean("use_captcha").notNull().default(false),
    mustBeLoggedOn: boolean("must_be_logged_on").notNull().default(false),
    /** A cost above 0 leads to a payment (cents). */
    costCents: integer("cost_cents").notNull().default(0),
    /** The questions (field_type …) and the older data fields (type …), as the spec names them. */
    questions: jsonb("questions").$type<Record<string, unknown>[]>().notNull().default([]),
    data: jsonb("data").$type<Record<string, unknown>[]>().notNull().default([]),
    /** Who the business's copy of each submission goes to; empty = the organisation_email setting. */
    notifyEmail: text("notify_email").notNull().default(""),
    thankYou: text("thank_you").notNull().default(""),
    /** Raised on every change of the questions, so a submission names what it answered. */
    version: integer("version").notNull().default(1),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("forms_url_idx").on(t.url)],
);

export const formSubmissions = pgTable(
  "form_submissions",
  {
    id: serial("id").primaryKey(),
    formId: integer("form_id")
      .notNull()
      .references(() => forms.id, { onDelete: "cascade" }),
    formVersion: integer("form_version").notNull(),
    /** The questions as they were when answered. */
    questions: jsonb("questions").$type<Record<string, unknown>[]>().notNull(),
    answers: jsonb("answers").$type<Record<string, unknown>>().notNull(),
    /** A signature field's image, stored through the image service. */
    signatureHash: text("signature_hash"),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The page it was sent from. */
    url: text("url").notNull().default(""),
    /** The form's hidden key: a double submit makes one submission. */
    idempotencyKey: text("idempotency_key").notNull(),
    /** "received" | "awaiting_payment" | "paid". */
    status: text("status").notNull().default("received"),
    paymentId: integer("payment_id").references(() => payments.id),
    /**
     * Where the sender pays while the submission awaits payment (the same answer for a repeated
     * post); cleared once paid. Kept apart from the answers, which staff read.
     */
    paymentUrl: text("payment_url"),
    /** A paid booking's places (its per-person answer; 1 for any other paid form). */
    quantity: integer("quantity").notNull().default(1),
    /**
     * A paid booking's tickets: set when its payment is fulfilled. The printable tickets'
     * address carries it, the bearer secret its buyer was mailed (like a voucher's code).
     */
    ticketCode: text("ticket_code"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("form_submissions_key_idx").on(t.formId, t.idempotencyKey),
    index("form_submissions_form_idx").on(t.formId),
    uniqueIndex("form_submissions_ticket_idx").on(t.ticketCode),
  ],
);
