/**
 * Image records in the spec's shape (section 3, "Image"): URLs of one variant in each format,
 * the placeholder, and the pixel size the URLs are made at. Pure functions over a row of the
 * `images` table, for every CMS module that answers images (products, groups, slides...).
 */
import { answer } from "../contract/answer";
import { imageSchema } from "../contract/media";
import { type Aspect, ASPECTS, type Extension, normaliseAspect, snapWidth, variantSize, type Width } from "./aspects";

export { normaliseAspect, snapWidth } from "./aspects";

/** What a record needs from a row of the `images` table. */
export interface ImageRow {
  hash: string;
  /** Displayed (EXIF-oriented) size of the original. */
  width: number;
  height: number;
  placeholder: string;
}

export interface ExtraAspect {
  aspect: Aspect;
  url: string;
  webp_url: string;
  avif_url: string;
  placeholder: string;
  /** Pixel size of this aspect's variant at the record's width (what a lightbox opens at). */
  width: number;
  height: number;
}

export interface ImageRecord {
  /** JPEG variant. */
  url: string;
  webp_url: string;
  avif_url: string;
  /** A tiny blurred preview as a data: URL ("" when none was stored). */
  placeholder: string;
  aspect: Aspect;
  /** Pixel size of the variants the URLs name: the size to display at, so nothing shifts. */
  width: number;
  height: number;
  extra_aspects: ExtraAspect[];
}

export interface ImageRecordOptions {
  /** "4x3", "4by3", "4:3"...; unknown or absent → `orig`. */
  aspect?: string | null;
  /** Wanted display width; rounded up to an offered width (see WIDTHS), default 1200. */
  width?: number | string | null;
  /** Further aspects to offer at the same width: a list, or one string separated by commas or pipes. */
  extraAspects?: readonly (string | null | undefined)[] | string | null;
}

/** The URL of one variant: `/assets/i/{hash}/{aspect}/{width}.{ext}`. */
export function imageUrl(hash: string, aspect: Aspect, width: Width | number, ext: Extension | "jpeg"): string {
  return `/assets/i/${hash}/${aspect}/${width}.${ext}`;
}

/**
 * The spec's scaled URL: the URL with a `{width}x{height}:` prefix before its file name. The
 * image service answers it with the variant at the offered width at or above `width` (the file
 * name's own width is ignored), so it causes no work beyond the fixed set of variants.
 */
export function scaledImageUrl(url: string, width: number, height: number): string {
  const slash = url.lastIndexOf("/");
  const file = url.slice(slash + 1).replace(/^\d+x\d+:/, "");
  return `${url.slice(0, slash + 1)}${Math.round(width)}x${Math.round(height)}:${file}`;
}

function urls(hash: string, aspect: Aspect, width: Width) {
  return {
    url: imageUrl(hash, aspect, width, "jpg"),
    webp_url: imageUrl(hash, aspect, width, "webp"),
    avif_url: imageUrl(hash, aspect, width, "avif"),
  };
}

function parseRequestedWidth(width: ImageRecordOptions["width"]): number | undefined {
  if (typeof width === "number") return width;
  if (typeof width === "string" && /^\d{1,6}$/.test(width.trim())) return Number(width.trim());
  return undefined;
}

function extraAspectList(input: ImageRecordOptions["extraAspects"]): Aspect[] {
  if (!input) return [];
  const items = typeof input === "string" ? input.split(/[,|]/) : input;
  const out: Aspect[] = [];
  for (const item of items) {
    if (typeof item !== "string" || item.trim() === "") continue;
    const a = item.trim().toLowerCase() === "orig" ? "orig" : normaliseAspect(item);
    // An unknown extra aspect is dropped rather than silently turned into `orig`.
    if (a === "orig" && item.trim().toLowerCase() !== "orig") continue;
    if (!out.includes(a)) out.push(a);
    if (out.length >= ASPECTS.length) break;
  }
  return out;
}

/**
 * The record of one image at an aspect and width. `width`/`height` are the pixel size of the
 * variants its URLs name: the wanted width rounded up to an offered width, never wider than the
 * original's crop at that aspect, and the height from the aspect's ratio (for `orig`, the
 * original's).
 */
export function imageRecord(row: ImageRow, options: ImageRecordOptions = {}): ImageRecord {
  const aspect = normaliseAspect(options.aspect);
  const width = snapWidth(parseRequestedWidth(options.width));
  const size = variantSize(row.width, row.height, aspect, width);
  const placeholder = row.placeholder ?? "";
  return answer(imageSchema, {
    ...urls(row.hash, aspect, width),
    placeholder,
    aspect,
    width: size.width,
    height: size.height,
    extra_aspects: extraAspectList(options.extraAspects).map((a) => ({
      aspect: a,
      ...urls(row.hash, a, width),
      placeholder,
      ...variantSize(row.width, row.height, a, width),
    })),
  });
}
