/**
 * The back-office's tables: the audit log of every admin write, and the revisions of pages
 * (published or scheduled documents). A page's unpublished draft is `pages.draft`.
 */
import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

import { users } from "./accounts";
import { pages } from "./pages";

/** One row per admin write: who, when, what (model and record), and the record before and after. */
export const auditLog = pgTable(
  "audit_log",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    at: timestamp("at", { withTimezone: true }).notNull(),
    model: text("model").notNull(),
    recordId: text("record_id").notNull(),
    /** create, update, delete, enable, disable, addPhoto, publish, … */
    action: text("action").notNull(),
    before: jsonb("before"),
    after: jsonb("after"),
  },
  (t) => [index("audit_log_at_idx").on(t.at), index("audit_log_record_idx").on(t.model, t.recordId)],
);

/**
 * A page's published or scheduled documents: `publish_at` set and `published_at` null is a
 * scheduled revision, applied by the first read at or after its time.
 */
export const pageRevisions = pgTable(
  "page_revisions",
  {
    id: serial("id").primaryKey(),
    pageId: integer("page_id")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    doc: jsonb("doc").$type<Record<string, unknown>>().notNull(),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
    publishAt: timestamp("publish_at", { withTimezone: true }),
    publishedAt: timestamp("published_at", { withTimezone: true }),
  },
  (t) => [index("page_revisions_page_idx").on(t.pageId, t.createdAt)],
);
