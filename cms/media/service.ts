/**
 * The media area's service: adding an image, image records for sets of hashes (one query each), an
 * image's record by hash, and background videos (their record, size and byte ranges). Originals
 * never leave the database here except as the asked-for bytes of a video.
 */
import { eq, inArray, sql } from "drizzle-orm";

import { answer } from "../contract/answer";
import { videoSchema } from "../contract/media";
import type { Db } from "../db/client";
import { images, videos } from "../db/schema";
import type { ContentChange } from "../events";
import { readByteSlice } from "../lib/byte-range";
import { type ImageRecord, imageRecord, type ImageRecordOptions, type ImageRow } from "./records";
import { storeImage } from "./store";

export interface ImageOptions {
  aspect: string;
  width: number;
  extraAspects?: string[] | string;
}

export type ImageRecords = Map<string, ImageRecord>;

/**
 * Adds an image (the back-office's upload calls this): checks and stores the original by its
 * content hash (the same bytes are stored once) and gives the content change it causes, which the
 * caller passes to the app's `notify` once its transaction has committed. The change names the
 * image API (a hash unknown before now has a record); told of any change, the site walks its
 * pages again and makes in the background whatever variants they now name (decision 032). Throws
 * ImageRejected for anything that is not a supported image.
 */
export async function addImage(db: Db, bytes: Uint8Array, name = "") {
  const image = await storeImage(db, bytes, name);
  const change: ContentChange = { paths: ["/api/v1/cognito/image/"] };
  return { image, change };
}

const imageRowColumns = {
  hash: images.hash,
  width: images.width,
  height: images.height,
  placeholder: images.placeholder,
};

/** The rows records are made from, for a set of hashes, in one query, without the originals' bytes. */
export async function loadImageRows(db: Db, hashes: (string | null | undefined)[]) {
  const wanted = [...new Set(hashes.filter((h): h is string => typeof h === "string" && h.length > 0))];
  const out = new Map<string, ImageRow>();
  if (wanted.length === 0) return out;
  const rows = await db.select(imageRowColumns).from(images).where(inArray(images.hash, wanted));
  for (const row of rows) out.set(row.hash, row);
  return out;
}

/** Image records (spec section 3, "Image") for a set of hashes, in one query. */
export async function loadImageRecords(
  db: Db,
  hashes: (string | null | undefined)[],
  options: ImageOptions,
): Promise<ImageRecords> {
  const out: ImageRecords = new Map();
  for (const [hash, row] of await loadImageRows(db, hashes)) out.set(hash, imageRecord(row, options));
  return out;
}

/** The record of a hash among loaded ones; null when there is no hash or no such image. */
export function recordOf<T>(loaded: Map<string, T>, hash: string | null | undefined): T | null {
  return (hash && loaded.get(hash)) || null;
}

/** One image's record by its hash; null when there is no such image. */
export async function getImageRecord(db: Db, hash: string, options: ImageRecordOptions): Promise<ImageRecord | null> {
  const [row] = await db.select(imageRowColumns).from(images).where(eq(images.hash, hash)).limit(1);
  return row ? imageRecord(row, options) : null;
}

/** A background video's record (never its bytes: they are served by /v/{id}.mp4); null when none. */
export async function getVideoRecord(db: Db, id: number, poster: ImageOptions) {
  const [row] = await db
    .select({ id: videos.id, name: videos.name, mime: videos.mime, posterHash: videos.posterHash })
    .from(videos)
    .where(eq(videos.id, id))
    .limit(1);
  if (!row) return null;
  const posters = await loadImageRecords(db, [row.posterHash], poster);
  return answer(videoSchema, {
    id: row.id,
    name: row.name,
    url: `/v/${row.id}.mp4`,
    mime: row.mime || "video/mp4",
    poster: recordOf(posters, row.posterHash),
  });
}

/** A video's size in bytes and its type; null when there is no such video. */
export async function getVideoSize(db: Db, id: number) {
  const [meta] = await db
    .select({ size: sql<number>`octet_length(${videos.bytes})`.mapWith(Number), mime: videos.mime })
    .from(videos)
    .where(eq(videos.id, id))
    .limit(1);
  return meta ?? null;
}

/** `length` bytes of a video from `start` (0-based): only those bytes leave the database. */
export function readVideoBytes(db: Db, id: number, start: number, length: number) {
  return readByteSlice(db, videos, { id: videos.id, bytes: videos.bytes }, id, start, length);
}
