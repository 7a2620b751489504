/** The groups area's table: catalogue categories and the Cognito groups of content records, as nested sets. */
import { relations } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";

import { images } from "./media";

/** Groups (catalogue categories and other trees) as a nested set. */
export const groups = pgTable(
  "groups",
  {
    id: serial("id").primaryKey(),
    namespace: text("namespace").notNull(),
    model: text("model").notNull(),
    name: text("name").notNull(),
    slug: text("slug").notNull(),
    url: text("url").notNull().default(""),
    content: text("content").notNull().default(""),
    metaDescription: text("meta_description").notNull().default(""),
    imageHash: text("image_hash"),
    root: integer("root").notNull().default(0),
    lft: integer("lft").notNull(),
    rgt: integer("rgt").notNull(),
    level: integer("level").notNull().default(0),
    sortOrder: integer("sort_order").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("groups_model_slug_idx").on(t.namespace, t.model, t.slug),
    index("groups_tree_idx").on(t.root, t.lft),
  ],
);

/** (The image hash has no foreign key in the migrations; the relation is for queries only.) */
export const groupsRelations = relations(groups, ({ one }) => ({
  image: one(images, { fields: [groups.imageHash], references: [images.hash] }),
}));
