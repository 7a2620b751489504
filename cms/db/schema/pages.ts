/** The pages area's tables: pages (rows of blocks of widgets, as JSON) and their page blocks. */
import { relations } from "drizzle-orm";
import { boolean, index, integer, jsonb, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

/** A CMS page: rows of blocks of widgets (JSON), plus its page blocks in `page_blocks`. */
export const pages = pgTable("pages", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  slug: text("slug").notNull().unique(),
  /** The url path without the leading slash; the home page's is "home". */
  url: text("url").notNull().unique(),
  title: text("title").notNull().default(""),
  seoTitle: text("seo_title"),
  metaDescription: text("meta_description").notNull().default(""),
  /** Sitemap priority (100 home, 90 main pages); null keeps the page out of the sitemap. */
  priority: integer("priority"),
  sitemapModel: text("sitemap_model"),
  sitemapGroupModel: text("sitemap_group_model"),
  content: text("content").notNull().default(""),
  rows: jsonb("rows").$type<unknown[]>().notNull().default([]),
  /** The back-office's unpublished document of the page (see cms/admin/page-docs.ts); null: none. */
  draft: jsonb("draft").$type<Record<string, unknown>>(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Page blocks (the API's `pageContents`): scheduled, styled blocks rendered after the rows. */
export const pageBlocks = pgTable(
  "page_blocks",
  {
    id: serial("id").primaryKey(),
    pageId: integer("page_id")
      .notNull()
      .references(() => pages.id, { onDelete: "cascade" }),
    sortOrder: integer("sort_order").notNull().default(0),
    name: text("name").notNull().default(""),
    template: text("template").notNull(),
    variables: jsonb("variables").$type<Record<string, unknown>>().notNull().default({}),
    /** Wrapper settings: colours, padding, margin, background image, animation, anchor. */
    settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
    hidden: boolean("hidden").notNull().default(false),
    startTime: timestamp("start_time", { withTimezone: true }),
    endTime: timestamp("end_time", { withTimezone: true }),
    deleted: boolean("deleted").notNull().default(false),
  },
  (t) => [index("page_blocks_page_idx").on(t.pageId, t.sortOrder)],
);

export const pagesRelations = relations(pages, ({ many }) => ({
  blocks: many(pageBlocks),
}));

export const pageBlocksRelations = relations(pageBlocks, ({ one }) => ({
  page: one(pages, { fields: [pageBlocks.pageId], references: [pages.id] }),
}));
