/** The catalogue area's tables: products, each in one catalogue group, and their photos. */
import { relations } from "drizzle-orm";
import { boolean, index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { groups } from "./groups";
import { images } from "./media";

/** Catalogue products, each in one group (category). Prices in cents. */
export const products = pgTable(
  "products",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    description: text("description").notNull().default(""),
    // Facts a visitor compares pieces by, as short text ("" = not given): the description says
    // them in prose, these say them once, for the product's facts list.
    dimensions: text("dimensions").notNull().default(""),
    timber: text("timber").notNull().default(""),
    finish: text("finish").notNull().default(""),
    priceCents: integer("price_cents").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    enabled: boolean("enabled").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("products_group_slug_idx").on(t.groupId, t.slug),
    index("products_group_idx").on(t.groupId, t.sortOrder),
  ],
);

/** A product's photos, in order. */
export const productPhotos = pgTable(
  "product_photos",
  {
    id: serial("id").primaryKey(),
    productId: integer("product_id")
      .notNull()
      .references(() => products.id, { onDelete: "cascade" }),
    imageHash: text("image_hash")
      .notNull()
      .references(() => images.hash),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("product_photos_product_idx").on(t.productId, t.sortOrder)],
);

export const productsRelations = relations(products, ({ one, many }) => ({
  group: one(groups, { fields: [products.groupId], references: [groups.id] }),
  photos: many(productPhotos),
}));

export const productPhotosRelations = relations(productPhotos, ({ one }) => ({
  product: one(products, { fields: [productPhotos.productId], references: [products.id] }),
  image: one(images, { fields: [productPhotos.imageHash], references: [images.hash] }),
}));
