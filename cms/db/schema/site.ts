/** The site area's tables: the domain and its settings, navigation links and the redirect table. */
import { index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** One row per site (domain): its name and its settings (spec section 3, "Domain"). */
export const domains = pgTable("domains", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Navigation links, grouped by `parent` (for example "header" and "footer"). */
export const links = pgTable(
  "links",
  {
    id: serial("id").primaryKey(),
    parent: text("parent").notNull(),
    name: text("name").notNull(),
    link: text("link").notNull(),
    icon: text("icon").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("links_parent_idx").on(t.parent, t.sortOrder)],
);

/** The redirect table: old page names or paths to their new paths. */
export const redirects = pgTable("redirects", {
  id: serial("id").primaryKey(),
  fromPath: text("from_path").notNull().unique(),
  toPath: text("to_path").notNull(),
});
