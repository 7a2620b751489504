/** The galleries area's tables: photo galleries, optionally grouped, and their slides. */
import { relations } from "drizzle-orm";
import { index, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

import { groups } from "./groups";
import { images } from "./media";

/** Photo galleries, optionally grouped (model Gallery), found by id or by their `url` slug. */
export const galleries = pgTable(
  "galleries",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id").references(() => groups.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    url: text("url").notNull().unique(),
    heading: text("heading").notNull().default(""),
    subHeading: text("sub_heading").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("galleries_group_idx").on(t.groupId, t.sortOrder)],
);

/** The slides (photos with captions) of a gallery, in order. */
export const gallerySlides = pgTable(
  "gallery_slides",
  {
    id: serial("id").primaryKey(),
    galleryId: integer("gallery_id")
      .notNull()
      .references(() => galleries.id, { onDelete: "cascade" }),
    imageHash: text("image_hash").references(() => images.hash),
    link: text("link").notNull().default(""),
    heading: text("heading").notNull().default(""),
    subHeading: text("sub_heading").notNull().default(""),
    content: text("content").notNull().default(""),
    linkButtonText: text("link_button_text").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("gallery_slides_gallery_idx").on(t.galleryId, t.sortOrder)],
);

export const galleriesRelations = relations(galleries, ({ one, many }) => ({
  group: one(groups, { fields: [galleries.groupId], references: [groups.id] }),
  slides: many(gallerySlides),
}));

export const gallerySlidesRelations = relations(gallerySlides, ({ one }) => ({
  gallery: one(galleries, { fields: [gallerySlides.galleryId], references: [galleries.id] }),
  image: one(images, { fields: [gallerySlides.imageHash], references: [images.hash] }),
}));
