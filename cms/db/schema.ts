import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  customType,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** One row per site (domain): its name and its settings (spec section 3, "Domain"). */
export const domains = pgTable("domains", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().unique(),
  settings: jsonb("settings").$type<Record<string, unknown>>().notNull().default({}),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

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

/** Binary data (image and video originals live in the database, so every instance sees them). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/** Image originals, stored by content hash; resized variants are a disk cache any instance can rebuild. */
export const images = pgTable("images", {
  hash: text("hash").primaryKey(),
  name: text("name").notNull().default(""),
  mime: text("mime").notNull(),
  width: integer("width").notNull(),
  height: integer("height").notNull(),
  /** A tiny blurred preview as a data: URL, shown until the image loads. */
  placeholder: text("placeholder").notNull().default(""),
  bytes: bytea("bytes").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Background videos, served with range requests at /v/{id}.mp4. */
export const videos = pgTable("videos", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().default(""),
  mime: text("mime").notNull().default("video/mp4"),
  posterHash: text("poster_hash").references(() => images.hash),
  bytes: bytea("bytes").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

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
    priceCents: integer("price_cents").notNull(),
    sortOrder: integer("sort_order").notNull().default(0),
    enabled: boolean("enabled").notNull().default(true),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("products_group_slug_idx").on(t.groupId, t.slug), index("products_group_idx").on(t.groupId, t.sortOrder)],
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
export const photos = pgTable("photos", {
  id: serial("id").primaryKey(),
  name: text("name").notNull().default(""),
  description: text("description").notNull().default(""),
  imageHash: text("image_hash")
    .notNull()
    .references(() => images.hash),
  sortOrder: integer("sort_order").notNull().default(0),
});

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
  (t) => [index("testimonials_group_idx").on(t.groupId, t.sortOrder), check("testimonials_rating_range", sql`${t.rating} between 1 and 5`)],
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

/** Gift voucher themes: the picture a buyer chooses for the voucher. */
export const voucherThemes = pgTable("voucher_themes", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  imageHash: text("image_hash").references(() => images.hash),
  sortOrder: integer("sort_order").notNull().default(0),
});
