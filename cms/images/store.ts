import { createHash } from "node:crypto";
import sharp from "sharp";
import type { Db } from "../db/client";
import { images } from "../db/schema";

/** Formats accepted as originals. */
const MIME_BY_FORMAT: Record<string, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  avif: "image/avif",
  heif: "image/avif",
};

/** Largest original accepted (pixels on a side), so one upload cannot exhaust memory. */
export const MAX_ORIGINAL_SIDE = 8000;

export class ImageRejected extends Error {}

/** An image's content hash: the first 32 hex digits of its SHA-256. */
export function imageHash(bytes: Uint8Array) {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 32);
}

/** A tiny blurred preview (a few hundred bytes) as a data: URL. */
export async function makePlaceholder(bytes: Uint8Array) {
  const tiny = await sharp(bytes).rotate().resize(24, 24, { fit: "inside" }).blur(1.2).webp({ quality: 40 }).toBuffer();
  return `data:image/webp;base64,${tiny.toString("base64")}`;
}

/**
 * Stores an original by its content hash (idempotent: the same bytes are stored once) and
 * returns its hash and size. Anything sharp cannot read as a supported image is rejected.
 */
export async function storeImage(db: Db, bytes: Uint8Array, name = "") {
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw new ImageRejected("Not an image");
  }
  const mime = meta.format ? MIME_BY_FORMAT[meta.format] : undefined;
  if (!mime || !meta.width || !meta.height) throw new ImageRejected(`Unsupported image format ${meta.format ?? "unknown"}`);
  if (meta.width > MAX_ORIGINAL_SIDE || meta.height > MAX_ORIGINAL_SIDE) throw new ImageRejected("Image too large");
  // EXIF orientation 5–8 swaps the sides as displayed.
  const swapped = (meta.orientation ?? 1) >= 5;
  const width = swapped ? meta.height : meta.width;
  const height = swapped ? meta.width : meta.height;
  const hash = imageHash(bytes);
  const placeholder = await makePlaceholder(bytes);
  await db.insert(images).values({ hash, name, mime, width, height, placeholder, bytes }).onConflictDoNothing();
  return { hash, width, height, mime };
}
