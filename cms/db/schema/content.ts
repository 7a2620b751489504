/**
 * The content area's tables: the records of the generic-record API (slides, photos,
 * testimonials, people, FAQs), each optionally in a Cognito group of its model.
 */
import { relations, sql } from "drizzle-orm";
import { check, index, integer, pgTable, serial, text } from "drizzle-orm/pg-core";

import { groups } from "./groups";
import { images } from "./media";

/** Slides of a slideshow, grouped by `group_id` (a group of model Slide; the home hero is group 8). */
export const slides = pgTable(
  "slides",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
    heading: text("heading").notNull().default(""),
    subHeading: text("sub_heading").notNull().default(""),
    subHeading1: text("sub_heading_1").notNull().default(""),
    content: text("content").notNull().default(""),
    footer: text("footer").notNull().default(""),
    imageHash: text("image_hash").references(() => images.hash),
    overlayColor: text("overlay_color"),
    textColor: text("text_color"),
    imageOpacity: integer("image_opacity"),
    imageSaturation: integer("image_saturation"),
    link: text("link").notNull().default(""),
    linkButtonText: text("link_button_text").notNull().default(""),
    linkTarget: text("link_target").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("slides_group_idx").on(t.groupId, t.sortOrder)],
);

/** Photos (the generic /photo resource): a named, described image. */
export const photos = pgTable(
  "photos",
  {
    id: serial("id").primaryKey(),
    /** Optionally in a Cognito group of model Photo. */
    groupId: integer("group_id").references(() => groups.id, { onDelete: "set null" }),
    name: text("name").notNull().default(""),
    description: text("description").notNull().default(""),
    imageHash: text("image_hash")
      .notNull()
      .references(() => images.hash),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("photos_group_idx").on(t.groupId, t.sortOrder)],
);

/** Customer testimonials, optionally grouped (a group of namespace Cognito, model Testimonial). */
export const testimonials = pgTable(
  "testimonials",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id").references(() => groups.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    /** Who or where the customer is ("Buderim"); shown under the name. */
    title: text("title").notNull().default(""),
    /** HTML. */
    content: text("content").notNull().default(""),
    imageHash: text("image_hash").references(() => images.hash),
    /** Stars, 1 to 5; null when the customer gave none. */
    rating: integer("rating"),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [
    index("testimonials_group_idx").on(t.groupId, t.sortOrder),
    check("testimonials_rating_range", sql`${t.rating} between 1 and 5`),
  ],
);

/** People (the team), optionally grouped (model Person). */
export const people = pgTable(
  "people",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id").references(() => groups.id, { onDelete: "set null" }),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull().default(""),
    title: text("title").notNull().default(""),
    /** HTML. */
    description: text("description").notNull().default(""),
    photoHash: text("photo_hash").references(() => images.hash),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("people_group_idx").on(t.groupId, t.sortOrder)],
);

/** Frequently asked questions, optionally grouped (model Faq): `name` is the question, `content` the answer (HTML). */
export const faqs = pgTable(
  "faqs",
  {
    id: serial("id").primaryKey(),
    groupId: integer("group_id").references(() => groups.id, { onDelete: "set null" }),
    name: text("name").notNull(),
    content: text("content").notNull().default(""),
    sortOrder: integer("sort_order").notNull().default(0),
  },
  (t) => [index("faqs_group_idx").on(t.groupId, t.sortOrder)],
);

export const slidesRelations = relations(slides, ({ one }) => ({
  group: one(groups, { fields: [slides.groupId], references: [groups.id] }),
  image: one(images, { fields: [slides.imageHash], references: [images.hash] }),
}));

export const photosRelations = relations(photos, ({ one }) => ({
  group: one(groups, { fields: [photos.groupId], references: [groups.id] }),
  image: one(images, { fields: [photos.imageHash], references: [images.hash] }),
}));

export const testimonialsRelations = relations(testimonials, ({ one }) => ({
  group: one(groups, { fields: [testimonials.groupId], references: [groups.id] }),
  image: one(images, { fields: [testimonials.imageHash], references: [images.hash] }),
}));

export const peopleRelations = relations(people, ({ one }) => ({
  group: one(groups, { fields: [people.groupId], references: [groups.id] }),
  photo: one(images, { fields: [people.photoHash], references: [images.hash] }),
}));

export const faqsRelations = relations(faqs, ({ one }) => ({
  group: one(groups, { fields: [faqs.groupId], references: [groups.id] }),
}));
