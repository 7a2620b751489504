/**
 * What a refused variant request (503: the encode queue is full; 429: the client asked for too
 * many) gets as its body: a picture made without the queue, so the page still shows the image
 * rather than a broken one. Browsers draw an image whatever the status it came with (the HTML
 * standard: the status "must be ignored when determining the image's type and whether it is a
 * valid image"), and they sniff its format from the bytes; `Cache-Control: no-store` on the answer
 * keeps the stand-in out of every cache, so the next visit gets the real variant. Decision 032.
 *
 * In order of preference:
 * 1. a variant of the same image and aspect already on disk, in a format the browser asked for or
 *    an older one it surely shows (AVIF → WebP → JPEG): the widest not wider than asked, else the
 *    narrowest; same aspect, so the box the page reserved keeps its shape;
 * 2. the image's blurred placeholder (the one the page shows before loading), cropped to the aspect;
 * 3. a plain tile of the aspect, for an image stored without a placeholder.
 * Null when there is no such image.
 */
import { readdir, readFile } from "node:fs/promises";
import path from "node:path";

import { eq } from "drizzle-orm";
import sharp from "sharp";

import type { Db } from "../db/client";
import { images } from "../db/schema";
import { aspectRatio, canonicalExtension, CONTENT_TYPES, type Extension, parseWidth, type Width } from "./aspects";
import { isShareFrame, SHARE_HEIGHT, SHARE_WIDTH } from "./share";
import { type VariantKey, variantPath } from "./variants";

export interface StandIn {
  bytes: Buffer;
  contentType: string;
}

/** The formats a browser that asked for `ext` can show, best first. */
const SHOWABLE: Record<Extension, Extension[]> = { avif: ["avif", "webp", "jpg"], webp: ["webp", "jpg"], jpg: ["jpg"] };

/** Width of a stand-in made from the placeholder: the placeholder is 24 px, so more would add nothing. */
const TILE_WIDTH = 32;

/**
 * Stand-ins made from placeholders, by image, aspect and format: a burst of refusals for one
 * image's variants makes each once. Small (a few hundred bytes each) and bounded.
 */
const madeStandIns = new Map<string, StandIn>();
const MAX_MADE_STAND_INS = 2000;

export async function standInFor(db: Db, cacheDir: string, key: VariantKey): Promise<StandIn | null> {
  const cached = await cachedSibling(cacheDir, key);
  if (cached) return cached;
  const id = `${key.hash}/${key.aspect}/${key.ext === "jpg" ? "jpg" : "webp"}`;
  const made = madeStandIns.get(id);
  if (made) return made;
  const [row] = await db
    .select({ placeholder: images.placeholder, width: images.width, height: images.height })
    .from(images)
    .where(eq(images.hash, key.hash));
  if (!row) return null;
  const standIn = await fromPlaceholder(row, key);
  if (madeStandIns.size >= MAX_MADE_STAND_INS) madeStandIns.delete(madeStandIns.keys().next().value!);
  madeStandIns.set(id, standIn);
  return standIn;
}

/** The best variant of the same image and aspect on disk, or null. */
async function cachedSibling(cacheDir: string, key: VariantKey): Promise<StandIn | null> {
  const file = variantPath(cacheDir, key);
  if (!file) return null;
  const dir = path.dirname(file);
  const formats = SHOWABLE[key.ext];
  let names: string[];
  try {
    names = await readdir(dir);
  } catch {
    return null;
  }
  const candidates: { name: string; width: Width; ext: Extension }[] = [];
  for (const name of names) {
    const m = /^(\d+)\.([a-z]+)$/.exec(name);
    const width = m ? parseWidth(m[1]) : null;
    const ext = m ? canonicalExtension(m[2]) : null;
    if (width !== null && ext !== null && formats.includes(ext)) candidates.push({ name, width, ext });
  }
  candidates.sort((a, b) => {
    const aFits = a.width <= key.width;
    const bFits = b.width <= key.width;
    if (aFits !== bFits) return aFits ? -1 : 1;
    if (a.width !== b.width) return aFits ? b.width - a.width : a.width - b.width;
    return formats.indexOf(a.ext) - formats.indexOf(b.ext);
  });
  for (const c of candidates) {
    try {
      return { bytes: await readFile(path.join(dir, c.name)), contentType: CONTENT_TYPES[c.ext] };
    } catch {
      // Removed meanwhile: try the next.
    }
  }
  return null;
}

/** The placeholder (a data: URL of a tiny WebP) cropped to the variant's shape, or a plain tile without one. */
async function fromPlaceholder(
  image: { placeholder: string; width: number; height: number },
  key: VariantKey,
): Promise<StandIn> {
  const ratio = isShareFrame(key.aspect) ? ([SHARE_WIDTH, SHARE_HEIGHT] as const) : aspectRatio(key.aspect);
  const [w, h] = ratio ?? [Math.max(1, image.width), Math.max(1, image.height)];
  const height = Math.max(1, Math.min(4 * TILE_WIDTH, Math.round((TILE_WIDTH * h) / w)));
  const m = /^data:image\/[a-z]+;base64,([A-Za-z0-9+/=]+)$/.exec(image.placeholder);
  const img = m
    ? sharp(Buffer.from(m[1], "base64")).resize(TILE_WIDTH, height, { fit: "cover" })
    : sharp({ create: { width: TILE_WIDTH, height, channels: 3, background: "#e7e5e4" } });
  // A browser that asked for JPEG may know no other format.
  if (key.ext === "jpg") return { bytes: await img.jpeg({ quality: 70 }).toBuffer(), contentType: CONTENT_TYPES.jpg };
  return { bytes: await img.webp({ quality: 60 }).toBuffer(), contentType: CONTENT_TYPES.webp };
}
