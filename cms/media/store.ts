import { createHash } from "node:crypto";

import sharp from "sharp";

import type { Db } from "../db/client";
import { images } from "../db/schema";

/** Formats accepted as originals. */
const MIME_BY_FORMAT: Record<string, string> = {
  jpeg: "image/jpeg",
  png: "image/png",
  webp: "image/webp",
  gif: "image/gif",
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

export interface DescribedImage {
  hash: string;
  name: string;
  mime: string;
  width: number;
  height: number;
  placeholder: string;
  bytes: Uint8Array;
}

/** Checks an original and works out what is stored with it; anything sharp cannot read as a supported image is rejected. */
export async function describeImage(bytes: Uint8Array, name = ""): Promise<DescribedImage> {
  let meta: Awaited<ReturnType<ReturnType<typeof sharp>["metadata"]>>;
  try {
    meta = await sharp(bytes).metadata();
  } catch {
    throw new ImageRejected("Not an image");
  }
  const mime = meta.format ? MIME_BY_FORMAT[meta.format] : undefined;
  if (!mime || !meta.width || !meta.height)
    throw new ImageRejected(`Unsupported image format ${meta.format ?? "unknown"}`);
  if (meta.width > MAX_ORIGINAL_SIDE || meta.height > MAX_ORIGINAL_SIDE) throw new ImageRejected("Image too large");
  // EXIF orientation 5–8 swaps the sides as displayed.
  const swapped = (meta.orientation ?? 1) >= 5;
  return {
    hash: imageHash(bytes),
    name,
    mime,
    width: swapped ? meta.height : meta.width,
    height: swapped ? meta.width : meta.height,
    placeholder: await makePlaceholder(bytes),
    bytes,
  };
}

/** Inserts a described original; the same bytes are stored once. */
export async function insertImage(db: Db, image: DescribedImage) {
  await db.insert(images).values(image).onConflictDoNothing();
  return { hash: image.hash, width: image.width, height: image.height, mime: image.mime };
}

/** Stores an original by its content hash (idempotent) and returns its hash and size. */
export async function storeImage(db: Db, bytes: Uint8Array, name = "") {
  return insertImage(db, await describeImage(bytes, name));
}
