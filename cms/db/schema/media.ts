/** The media area's tables: image and video originals and documents, kept in the database so every instance sees them. */
import { relations } from "drizzle-orm";
import { customType, integer, pgTable, serial, text, timestamp } from "drizzle-orm/pg-core";

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
