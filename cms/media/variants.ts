/**
 * Resized image variants: made from the original in the `images` table on first request, then
 * kept on local disk (`{cacheDir}/{hash}/{aspect}/{width}.{ext}`) as a cache any instance can
 * rebuild. Everything that names a variant is validated against fixed sets before it touches the
 * file system or the database, and a path can never leave the cache folder.
 */
import { randomBytes } from "node:crypto";
import { mkdir, readFile, rename, unlink, writeFile } from "node:fs/promises";
import os from "node:os";
import path from "node:path";

import { eq } from "drizzle-orm";
import sharp, { type ResizeOptions, type Sharp } from "sharp";

import type { Db } from "../db/client";
import { images } from "../db/schema";
import {
  type Aspect,
  canonicalExtension,
  CONTENT_TYPES,
  type Extension,
  isAspect,
  isImageHash,
  parseWidth,
  variantSize,
  type Width,
  WIDTHS,
} from "./aspects";
import { type EncodePriority, EncodeQueue, QueueFull, type Scheduled } from "./encode-queue";
import { isShareFrame, SHARE_WIDTH, type ShareFrame, shareImage } from "./share";

/** AVIF's encode effort (0–9): 3 by default, about half effort 4's time for slightly larger files. */
export const DEFAULT_AVIF_EFFORT = 3;
let avifEffort = DEFAULT_AVIF_EFFORT;

/**
 * Sets AVIF's encode effort for this process (IMAGE_AVIF_EFFORT): lower encodes several times
 * faster into larger files (0 takes about a quarter of 3's time). The test servers use 0.
 */
export function setAvifEffort(effort: number) {
  avifEffort = effort;
}

/** Encoder settings per output format. */
const ENCODE = {
  avif: (img: Sharp) => img.avif({ quality: 50, effort: avifEffort }),
  webp: (img: Sharp) => img.webp({ quality: 72 }),
  // JPEG has no alpha: transparent originals go on white rather than black.
  jpg: (img: Sharp) => img.flatten({ background: "#ffffff" }).jpeg({ quality: 75, mozjpeg: true }),
} satisfies Record<Extension, (img: Sharp) => Sharp>;

export interface Variant {
  /** Absolute path of the cached file. */
  file: string;
  bytes: Buffer;
  contentType: string;
  /** Strong ETag (quoted): the variant's name, which fully determines its bytes. */
  etag: string;
  /** True when this call made its file (an encode, or its twin's bytes); false when it was on disk or another call's. */
  made: boolean;
  /**
   * Where it came from: the disk cache, this call's encode, an encode another call had started, or
   * a twin on disk (the same picture under another width: see `readTwin`).
   */
  source: "disk" | "made" | "shared" | "twin";
}

/** The variant named by already-validated parts. */
export interface VariantKey {
  hash: string;
  /** An aspect, or a share image's size (share.ts), which is made at its own width only. */
  aspect: Aspect | ShareFrame;
  width: Width;
  ext: Extension;
}

/** Validates the parts of a variant's name; null when any is not offered. */
export function parseVariant(hash: string, aspect: string, width: string | number, ext: string): VariantKey | null {
  if (!isImageHash(hash) || !(isAspect(aspect) || isShareFrame(aspect))) return null;
  const w = parseWidth(width);
  const e = canonicalExtension(ext);
  if (w === null || e === null) return null;
  if (isShareFrame(aspect) && w !== SHARE_WIDTH) return null;
  return { hash, aspect, width: w, ext: e };
}

/** The strong ETag of a variant (quoted, as sent in the header). */
export function variantEtag(key: VariantKey) {
  return `"${key.hash}-${key.aspect}-${key.width}-${key.ext}"`;
}

/**
 * Where a variant lives under cacheDir, or null if the path would leave it. The parts are already
 * validated (hex, fixed aspect names, digits, fixed extensions); the prefix check is a second guard.
 */
export function variantPath(cacheDir: string, key: VariantKey): string | null {
  const root = path.resolve(cacheDir);
  const file = path.resolve(root, key.hash, key.aspect, `${key.width}.${key.ext}`);
  return file.startsWith(root + path.sep) ? file : null;
}

/** The default cache folder when the app is given none. */
export function defaultImageCacheDir() {
  return path.join(os.tmpdir(), "dovetail-image-cache");
}

let encodes = 0;
/** How many variants this process has encoded (for tests and diagnostics). */
export function encodeCount() {
  return encodes;
}

/** Leave a core for answering requests while variants are being made. */
const MAX_CONCURRENT_ENCODES = Math.max(1, Math.min(4, (os.availableParallelism?.() ?? os.cpus().length) - 1));

/**
 * The process's encode queue (see encode-queue.ts): a burst of distinct requests can neither hold
 * every original in memory nor make an ordinary request wait behind all of them. Eight visitors'
 * encodes wait per slot at most (a few seconds of work); two background ones (the warm-up asks
 * one at a time).
 */
export const encodeQueue = new EncodeQueue({
  concurrency: MAX_CONCURRENT_ENCODES,
  maxWaiting: 8 * MAX_CONCURRENT_ENCODES,
  maxBackgroundWaiting: 2,
  retryAfter: 2,
});

/** A variant that could not be made now: 429 (this client has asked for too many) or 503 (the queue is full). */
export class VariantRefused extends Error {
  constructor(
    readonly status: 429 | 503,
    readonly retryAfter: number,
  ) {
    super(status === 429 ? "Too many new image variants asked for" : "The image encode queue is full");
  }
}

export interface VariantOptions {
  /** Who is waiting: a visitor (default) or the background warm-up. */
  priority?: EncodePriority;
  /**
   * Asked once, and only when this call would start a new encode: null lets it, a number refuses
   * it (VariantRefused 429, with that many seconds to wait).
   */
  admit?: () => number | null;
  /** The queue to encode in (default: the process's). */
  queue?: EncodeQueue;
}

/** Variants being made right now, by file: concurrent requests for one variant share one encode. */
const inFlight = new Map<string, { done: Promise<Variant | null>; promote: () => void }>();

/**
 * A variant of a stored image: the original with `hash`, cropped to `aspect` (`fit: cover`,
 * `position: attention`), scaled to `width` (never enlarged) and encoded as `ext` (avif, webp,
 * jpg or jpeg). Made once, written atomically to `{cacheDir}/{hash}/{aspect}/{width}.{ext}` and
 * read from there afterwards. Null when any part is not offered or the image is unknown. Throws
 * VariantRefused when it would have to be made and `admit` or the queue refuses.
 */
export async function getVariant(
  db: Db,
  cacheDir: string,
  hash: string,
  aspect: string,
  width: string | number,
  ext: string,
  options: VariantOptions = {},
): Promise<Variant | null> {
  const key = parseVariant(hash, aspect, width, ext);
  if (!key) return null;
  const file = variantPath(cacheDir, key);
  if (!file) return null;
  const base = { file, contentType: CONTENT_TYPES[key.ext], etag: variantEtag(key) };

  const cached = await readIfPresent(file);
  if (cached) return { ...base, bytes: cached, made: false, source: "disk" };

  const priority = options.priority ?? "visitor";
  const pending = inFlight.get(file);
  if (pending) {
    // A visitor needs what the warm-up has queued: it stops waiting behind the visitors.
    if (priority === "visitor") pending.promote();
    const v = await pending.done;
    return v && { ...v, made: false, source: "shared" };
  }

  const wait = options.admit?.() ?? null;
  if (wait !== null) throw new VariantRefused(429, wait);
  let scheduled: Scheduled<Variant | null>;
  try {
    scheduled = (options.queue ?? encodeQueue).schedule(priority, async () => {
      // Another process may have finished it while this one waited for a slot.
      const done = await readIfPresent(file);
      if (done) return { ...base, bytes: done, made: false, source: "disk" };
      const made = await makeVariant(db, cacheDir, key);
      if (!made) return null;
      await writeAtomically(file, made.bytes);
      return { ...base, bytes: made.bytes, made: true, source: made.twin ? "twin" : "made" };
    });
  } catch (error) {
    if (error instanceof QueueFull) throw new VariantRefused(503, error.retryAfter);
    throw error;
  }
  const entry = { done: scheduled.done.finally(() => inFlight.delete(file)), promote: scheduled.promote };
  inFlight.set(file, entry);
  return entry.done;
}

async function readIfPresent(file: string) {
  try {
    return await readFile(file);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === "ENOENT") return null;
    throw err;
  }
}

/**
 * One variant's bytes: its twin's from disk when there is one, else encoded from the original in
 * the database. Null when there is no such image.
 */
async function makeVariant(
  db: Db,
  cacheDir: string,
  key: VariantKey,
): Promise<{ bytes: Buffer; twin: boolean } | null> {
  const [original] = await db
    .select({ width: images.width, height: images.height })
    .from(images)
    .where(eq(images.hash, key.hash))
    .limit(1);
  if (!original) return null;
  const share = isShareFrame(key.aspect) ? key.aspect : null;
  const size = share ? null : variantSize(original.width, original.height, key.aspect as Aspect, key.width);
  const twin = size && (await readTwin(cacheDir, key, original, size));
  if (twin) return { bytes: twin, twin: true };
  const [row] = await db.select({ bytes: images.bytes }).from(images).where(eq(images.hash, key.hash)).limit(1);
  if (!row) return null;
  encodes++;
  if (share) return { bytes: await ENCODE[key.ext](await shareImage(row.bytes, share)).toBuffer(), twin: false };
  const img = sharp(row.bytes, { failOn: "error" }).autoOrient().resize(resizeOptions(size!, original));
  return { bytes: await ENCODE[key.ext](img).toBuffer(), twin: false };
}

/**
 * A variant's twin on disk: the service never enlarges, so past its original's width (or its
 * crop's) every width of an aspect and format is the same picture, byte for byte. A small
 * original (a logo, a thumbnail) asked for at several such widths is encoded once; the others
 * copy it (decision 112). Null when no other width gives this size, or none of those is on disk yet.
 */
async function readTwin(cacheDir: string, key: VariantKey, original: Size, size: Size) {
  for (const width of WIDTHS) {
    if (width === key.width) continue;
    const other = variantSize(original.width, original.height, key.aspect as Aspect, width);
    if (other.width !== size.width || other.height !== size.height) continue;
    const file = variantPath(cacheDir, { ...key, width });
    const bytes = file && (await readIfPresent(file));
    if (bytes) return bytes;
  }
  return null;
}

type Size = { width: number; height: number };

/**
 * How a variant of `size` is cut from an original of `original`'s (displayed) size: covering it,
 * never enlarged, cropped where the eye goes (libvips's attention). Where the variant keeps the
 * original's exact shape nothing is cropped, and the attention pass (5 to 30 ms each time) would
 * choose among nothing: centre gives the same bytes (decision 111).
 */
export function resizeOptions(size: Size, original: Size): ResizeOptions {
  const crops = size.width * original.height !== size.height * original.width;
  return {
    width: size.width,
    height: size.height,
    fit: "cover",
    position: crops ? "attention" : "centre",
    withoutEnlargement: true,
  };
}

/** Writes a file so that readers see either nothing or all of it: a temp file, then a rename. */
async function writeAtomically(file: string, bytes: Buffer) {
  await mkdir(path.dirname(file), { recursive: true });
  const tmp = `${file}.${process.pid}.${randomBytes(6).toString("hex")}.tmp`;
  try {
    await writeFile(tmp, bytes);
    await rename(tmp, file);
  } catch (err) {
    await unlink(tmp).catch(() => {});
    throw err;
  }
}
