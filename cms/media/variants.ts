/**
 * Resized image variants: made from the original in the `images` table on first request, once,
 * and kept in the instance's variant storage (variant-store.ts: its disk, and on PostgreSQL the
 * `image_variants` table every instance reads, decision 122). Everything that names a variant is
 * validated against fixed sets before it touches the file system or the database, and a path can
 * never leave the cache folder.
 */
import os from "node:os";
import path from "node:path";

import { eq } from "drizzle-orm";

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
import { encodeVariant, type Size } from "./encode";
import { type EncodePriority, EncodeQueue, QueueFull, type Scheduled } from "./encode-queue";
import { isShareFrame, SHARE_WIDTH, type ShareFrame } from "./share";
import type { VariantStorage } from "./variant-store";

export { DEFAULT_AVIF_EFFORT, encodeCount, resizeOptions, setAvifEffort } from "./encode";

export interface Variant {
  bytes: Buffer;
  contentType: string;
  /** Strong ETag (quoted): the variant's name, which fully determines its bytes. */
  etag: string;
  /** True when this call made it (an encode, or its twin's bytes); false when it was kept already or another's. */
  made: boolean;
  /**
   * Where it came from: this instance's disk, the deployment's store (then copied to disk), this
   * call's encode, an encode another call or instance had started, or a twin (the same picture
   * under another width: see `readTwin`).
   */
  source: "disk" | "stored" | "made" | "shared" | "twin";
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

/**
 * A variant that could not be made now: 429 (this client has asked for too many) or 503 (the queue
 * is full, or another instance is still making it after `waitMs`).
 */
export class VariantRefused extends Error {
  constructor(
    readonly status: 429 | 503,
    readonly retryAfter: number,
  ) {
    super(
      status === 429 ? "Too many new image variants asked for" : "The image encode queue is full, or busy elsewhere",
    );
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
  /** How long to wait for a variant another instance is making before refusing (503); default 5 s. */
  waitMs?: number;
}

/** Variants being made right now, by storage and name: concurrent requests for one variant share one make. */
const inFlight = new Map<string, { done: Promise<Variant | null>; promote: () => void }>();

/** The make went to another instance (its claim): wait for its result in the shared store. */
const ELSEWHERE = Symbol("made elsewhere");
type Made = Pick<Variant, "bytes" | "made" | "source">;

/**
 * A variant of a stored image: the original with `hash`, cropped to `aspect` (`fit: cover`,
 * `position: attention`), scaled to `width` (never enlarged) and encoded as `ext` (avif, webp,
 * jpg or jpeg). Made once for every instance that shares `storage`, kept there and read from there
 * afterwards. Null when any part is not offered or the image is unknown. Throws VariantRefused
 * when it would have to be made and `admit` or the queue refuses, or another instance is still
 * making it after `waitMs`.
 */
export async function getVariant(
  db: Db,
  storage: VariantStorage,
  hash: string,
  aspect: string,
  width: string | number,
  ext: string,
  options: VariantOptions = {},
): Promise<Variant | null> {
  const key = parseVariant(hash, aspect, width, ext);
  if (!key) return null;
  const base = { contentType: CONTENT_TYPES[key.ext], etag: variantEtag(key) };

  const kept = await readKept(storage, key);
  if (kept) return { ...base, ...kept };

  const priority = options.priority ?? "visitor";
  const id = `${storage.id}|${key.hash}/${key.aspect}/${key.width}.${key.ext}`;
  const pending = inFlight.get(id);
  if (pending) {
    // A visitor needs what the warm-up has queued: it stops waiting behind the visitors.
    if (priority === "visitor") pending.promote();
    const v = await pending.done;
    return v && { ...v, made: false, source: "shared" };
  }

  const wait = options.admit?.() ?? null;
  if (wait !== null) throw new VariantRefused(429, wait);
  let scheduled: Scheduled<Made | null | typeof ELSEWHERE>;
  try {
    scheduled = (options.queue ?? encodeQueue).schedule(priority, () => make(db, storage, key));
  } catch (error) {
    if (error instanceof QueueFull) throw new VariantRefused(503, error.retryAfter);
    throw error;
  }
  // Waiting for another instance happens outside the queue: it holds no encode slot.
  const done = scheduled.done
    .then((made) => (made === ELSEWHERE ? waitForShared(storage, key, options.waitMs ?? 5000) : made))
    .then((made) => made && { ...base, ...made })
    .finally(() => inFlight.delete(id));
  inFlight.set(id, { done, promote: scheduled.promote });
  return done;
}

/** The variant from this instance's disk, else the shared store (copied to disk on the way). */
async function readKept(storage: VariantStorage, key: VariantKey): Promise<Made | null> {
  const local = await storage.local?.get(key);
  if (local) return { bytes: local, made: false, source: "disk" };
  const shared = await storage.shared?.store.get(key);
  if (!shared) return null;
  // A copy that cannot be written (a full disk) costs the next request a read, not this one its picture.
  await storage.local?.put(key, shared).catch(() => {});
  return { bytes: shared, made: false, source: "stored" };
}

/**
 * Makes one variant in an encode slot: unless it has been kept meanwhile (another process may have
 * finished it while this one waited), or another instance holds its claim (ELSEWHERE). Null when
 * there is no such image.
 */
async function make(db: Db, storage: VariantStorage, key: VariantKey): Promise<Made | null | typeof ELSEWHERE> {
  const kept = await readKept(storage, key);
  if (kept) return kept;
  const [original] = await db
    .select({ width: images.width, height: images.height })
    .from(images)
    .where(eq(images.hash, key.hash))
    .limit(1);
  if (!original) return null;
  const release = storage.shared ? await storage.shared.claims.claim(key) : null;
  if (storage.shared && !release) return ELSEWHERE;
  try {
    // Claimed just after another instance finished it and let go: it is there now.
    const now = release && (await readKept(storage, key));
    if (now) return now;
    const made = await makeVariant(db, storage, key, original);
    if (!made) return null;
    // The shared store first: an instance waiting for it looks there, once the claim is gone.
    await storage.shared?.store.put(key, made.bytes);
    await storage.local?.put(key, made.bytes);
    return { bytes: made.bytes, made: true, source: made.twin ? "twin" : "made" };
  } finally {
    // A claim that cannot be let go goes stale after a minute (CLAIM_STALE_SECONDS).
    await release?.().catch(() => {});
  }
}

/** Polls the shared store for a variant another instance is making, up to `waitMs`; then 503. */
async function waitForShared(storage: VariantStorage, key: VariantKey, waitMs: number): Promise<Made | null> {
  const deadline = Date.now() + waitMs;
  for (let pause = 25; Date.now() < deadline; pause = Math.min(250, pause * 2)) {
    await new Promise((resolve) => setTimeout(resolve, Math.min(pause, Math.max(0, deadline - Date.now()))));
    if (await storage.shared!.store.has(key)) {
      const kept = await readKept(storage, key);
      if (kept) return { ...kept, source: "shared" };
    }
  }
  throw new VariantRefused(503, 2);
}

/**
 * One variant's bytes: its twin's when there is one, else encoded from the original in the
 * database. Null when there is no such image.
 */
async function makeVariant(
  db: Db,
  storage: VariantStorage,
  key: VariantKey,
  original: Size,
): Promise<{ bytes: Buffer; twin: boolean } | null> {
  const share = isShareFrame(key.aspect) ? key.aspect : null;
  const size = share ? null : variantSize(original.width, original.height, key.aspect as Aspect, key.width);
  const twin = size && (await readTwin(storage, key, original, size));
  if (twin) return { bytes: twin, twin: true };
  const [row] = await db.select({ bytes: images.bytes }).from(images).where(eq(images.hash, key.hash)).limit(1);
  if (!row) return null;
  return { bytes: await encodeVariant(row.bytes, key.ext, share ? { share } : { size: size!, original }), twin: false };
}

/**
 * A variant's twin: the service never enlarges, so past its original's width (or its crop's)
 * every width of an aspect and format is the same picture, byte for byte. A small original (a
 * logo, a thumbnail) asked for at several such widths is encoded once; the others copy it
 * (decision 112). Null when no other width gives this size, or none of those is kept yet.
 */
async function readTwin(storage: VariantStorage, key: VariantKey, original: Size, size: Size) {
  for (const width of WIDTHS) {
    if (width === key.width) continue;
    const other = variantSize(original.width, original.height, key.aspect as Aspect, width);
    if (other.width !== size.width || other.height !== size.height) continue;
    const kept = await readKept(storage, { ...key, width });
    if (kept) return kept.bytes;
  }
  return null;
}
