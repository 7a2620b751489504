/**
 * Encoding one variant from its original with sharp: the crop and resize, then AVIF, WebP or JPEG
 * at fixed settings, so a variant's name fully determines its bytes (whichever instance makes it).
 */
import sharp, { type ResizeOptions, type Sharp } from "sharp";

import type { Extension } from "./aspects";
import { type ShareFrame, shareImage } from "./share";

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

let encodes = 0;
/** How many variants this process has encoded (for tests and diagnostics). */
export function encodeCount() {
  return encodes;
}

export type Size = { width: number; height: number };

/** Encodes a variant of `size` from an original (of `original`'s displayed size), or a share image. */
export async function encodeVariant(
  bytes: Uint8Array,
  ext: Extension,
  target: { share: ShareFrame } | { size: Size; original: Size },
): Promise<Buffer> {
  encodes++;
  if ("share" in target) return ENCODE[ext](await shareImage(bytes, target.share)).toBuffer();
  const img = sharp(bytes, { failOn: "error" }).autoOrient().resize(resizeOptions(target.size, target.original));
  return ENCODE[ext](img).toBuffer();
}

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
