/**
 * The image variants the service offers, as pure data and arithmetic (no sharp, no file system):
 * shared by the variant maker (`variants.ts`), the record builder (`records.ts`) and anything
 * else that must agree with them on URLs and pixel sizes.
 */

import { FIXED_ASPECTS, IMAGE_ASPECTS } from "../contract/media";

/** The spec's eight cropped aspects (width x height), plus 16x5 for the heading widget's banner (the contract's). */
export { FIXED_ASPECTS };
export type FixedAspect = (typeof FIXED_ASPECTS)[number];
/** A variant's aspect: one of the fixed ones, or `orig` (the original's own aspect, uncropped). */
export type Aspect = FixedAspect | "orig";
export const ASPECTS: readonly Aspect[] = IMAGE_ASPECTS;

/**
 * The only widths a variant is made at. A request for any other width is refused, so a stranger
 * cannot make the server resize to arbitrary sizes: the work one image can cause is bounded by
 * 10 aspects x 13 widths x 3 formats.
 */
export const WIDTHS = [100, 200, 300, 400, 500, 600, 800, 900, 1000, 1200, 1600, 1920, 2000] as const;
export type Width = (typeof WIDTHS)[number];
export const MAX_WIDTH: Width = 2000;
/** The width of a record when none is asked for. */
export const DEFAULT_WIDTH: Width = 1200;

/** Output formats, by the extension in the URL (`jpeg` is an alias of `jpg`). */
export const EXTENSIONS = ["avif", "webp", "jpg"] as const;
export type Extension = (typeof EXTENSIONS)[number];
export const CONTENT_TYPES: Record<Extension, string> = {
  avif: "image/avif",
  webp: "image/webp",
  jpg: "image/jpeg",
};

const HASH = /^[0-9a-f]{32}$/;

/** A content hash as `storeImage` makes it: 32 lowercase hex digits. */
export function isImageHash(value: unknown): value is string {
  return typeof value === "string" && HASH.test(value);
}

export function isAspect(value: unknown): value is Aspect {
  return typeof value === "string" && (ASPECTS as readonly string[]).includes(value);
}

export function isAllowedWidth(value: unknown): value is Width {
  return typeof value === "number" && (WIDTHS as readonly number[]).includes(value);
}

/** A width as written in a URL: canonical digits only ("0400", "+400", "4e2" are not widths). */
export function parseWidth(value: string | number): Width | null {
  const n = typeof value === "number" ? value : /^[1-9][0-9]{0,4}$/.test(value) ? Number(value) : NaN;
  return isAllowedWidth(n) ? n : null;
}

/** The canonical extension (`jpeg` → `jpg`), or null for anything not offered. */
export function canonicalExtension(value: string): Extension | null {
  if (value === "jpeg") return "jpg";
  return (EXTENSIONS as readonly string[]).includes(value) ? (value as Extension) : null;
}

/** The smallest offered width at least as wide as asked (the largest one beyond it). */
export function snapWidth(requested: number | null | undefined): Width {
  if (requested == null || !Number.isFinite(requested) || requested <= 0) return DEFAULT_WIDTH;
  return WIDTHS.find((w) => w >= requested) ?? MAX_WIDTH;
}

/**
 * An aspect as callers write it — "4x3", "4X3", "4by3", "4:3", "4/3", "4 x 3" — in the canonical
 * form; anything not offered (or empty) is `orig`.
 */
export function normaliseAspect(input: unknown): Aspect {
  if (typeof input !== "string") return "orig";
  const m = /^\s*(\d{1,2})\s*(?:x|by|:|\/|×)\s*(\d{1,2})\s*$/i.exec(input);
  if (!m) return "orig";
  const candidate = `${Number(m[1])}x${Number(m[2])}`;
  return isAspect(candidate) ? candidate : "orig";
}

/** Width and height parts of a fixed aspect; null for `orig`. */
export function aspectRatio(aspect: Aspect): [number, number] | null {
  if (aspect === "orig") return null;
  const [w, h] = aspect.split("x").map(Number);
  return [w, h];
}

/**
 * The pixel size of a variant: the original cropped to the aspect (the largest such box that fits
 * in it), scaled to `width` but never enlarged beyond that box. The height follows from the
 * aspect's ratio (for `orig`, from the original's). `originalWidth`/`originalHeight` are the
 * displayed (EXIF-oriented) size, as stored in the `images` table.
 */
export function variantSize(originalWidth: number, originalHeight: number, aspect: Aspect, width: number) {
  const ow = Math.max(1, Math.floor(originalWidth));
  const oh = Math.max(1, Math.floor(originalHeight));
  const ratio = aspectRatio(aspect);
  if (!ratio) {
    const w = Math.max(1, Math.min(width, ow));
    return { width: w, height: Math.max(1, Math.min(oh, Math.round((w * oh) / ow))) };
  }
  const [aw, ah] = ratio;
  // The widest crop of this aspect inside the original (floor: its height never exceeds the original's).
  const cropWidth = Math.max(1, Math.min(ow, Math.floor((oh * aw) / ah)));
  const w = Math.max(1, Math.min(width, cropWidth));
  return { width: w, height: Math.max(1, Math.min(oh, Math.round((w * ah) / aw))) };
}
