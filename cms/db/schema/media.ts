/** The media area's tables: image and video originals and documents, kept in the database so every instance sees them. */
import { relations } from "drizzle-orm";
import { customType, integer, pgTable, primaryKey, serial, text, timestamp } from "drizzle-orm/pg-core";

/** Binary data (image and video originals live in the database, so every instance sees them). */
const bytea = customType<{ data: Uint8Array; driverData: Uint8Array }>({
  dataType: () => "bytea",
});

/** Image originals, stored by content hash; their resized variants are in `image_variants`. */
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

/**
 * Resized variants of the originals (cms/media/variant-store.ts), made once for every instance on
 * PostgreSQL (decision 122); each instance keeps a disk copy of those it served in front of this.
 * `aspect` is an aspect or a share image's size, `format` avif, webp or jpg.
 */
export const imageVariants = pgTable(
  "image_variants",
  {
    hash: text("hash")
      .notNull()
      .references(() => images.hash, { onDelete: "cascade" }),
    aspect: text("aspect").notNull(),
    width: integer("width").notNull(),
    format: text("format").notNull(),
    bytes: bytea("bytes").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.hash, t.aspect, t.width, t.format] })],
);

/**
 * Who is making a variant right now: one row per variant (`hash/aspect/width.format`), inserted or
 * nothing, so that one instance encodes it while the others wait for `image_variants`. A claim
 * older than a minute is stale (its instance died) and may be taken over; `owner` lets only its
 * taker remove it.
 */
export const imageVariantClaims = pgTable("image_variant_claims", {
  key: text("key").primaryKey(),
  owner: text("owner").notNull(),
  claimedAt: timestamp("claimed_at", { withTimezone: true }).notNull().defaultNow(),
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

/**
 * Documents (PDFs and images) offered for download at /api/v1/cognito/default/file/{id}, with
 * the name they download as; `etag` is the first 32 hex digits of the bytes' SHA-256.
 */
export const files = pgTable("files", {
  id: serial("id").primaryKey(),
  name: text("name").notNull(),
  mime: text("mime").notNull(),
  size: integer("size").notNull(),
  etag: text("etag").notNull(),
  bytes: bytea("bytes").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const videosRelations = relations(videos, ({ one }) => ({
  poster: one(images, { fields: [videos.posterHash], references: [images.hash] }),
}));
