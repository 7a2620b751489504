/**
 * Share images: what a link preview (Open Graph, Twitter cards) shows, at the one size those
 * services ask for, 1200×630. The spec's variant path names "an aspect or a size"; these are the
 * sizes, at width 1200 only (decision 038):
 *
 * - `1200x630`: the original cropped (`attention`) to exactly 1200×630, enlarged if it is smaller,
 *   as a preview needs the full size;
 * - `1200x630-{rrggbb}`: a card: the image (a logo) fitted, uncropped, inside the middle of a
 *   1200×630 ground of that colour. The route accepts only the site's brand colours, so the work
 *   one image can cause stays bounded.
 *
 * Pure names and arithmetic here, plus the one function that draws them with sharp.
 */
import sharp, { type Sharp } from "sharp";

export const SHARE_WIDTH = 1200;
export const SHARE_HEIGHT = 630;
const SIZE = `${SHARE_WIDTH}x${SHARE_HEIGHT}` as const;

/** A share frame as the URL names it: the size, or the size on a colour. */
export type ShareFrame = typeof SIZE | `${typeof SIZE}-${string}`;

const FRAME = new RegExp(`^${SIZE}(?:-([0-9a-f]{6}))?$`);

/** The logo of a card fills at most this share of the card's width and height. */
const CARD_LOGO_BOX = { width: 0.6, height: 0.5 };

export function isShareFrame(value: unknown): value is ShareFrame {
  return typeof value === "string" && FRAME.test(value);
}

/** The colour of a card frame ("7c4a1e"), or null for the plain size. */
export function shareFrameGround(frame: ShareFrame): string | null {
  return FRAME.exec(frame)?.[1] ?? null;
}

/** A colour as site settings write it ("#7C4A1E", "#abc") in the frame's form ("7c4a1e"); null if it is none. */
export function groundOf(colour: unknown): string | null {
  if (typeof colour !== "string") return null;
  const m = /^#?([0-9a-f]{3}|[0-9a-f]{6})$/i.exec(colour.trim());
  if (!m) return null;
  const hex = m[1].toLowerCase();
  return hex.length === 3 ? [...hex].map((c) => c + c).join("") : hex;
}

/** A share frame of an original, ready to encode: the crop, or the card. */
export async function shareImage(original: Uint8Array, frame: ShareFrame): Promise<Sharp> {
  const ground = shareFrameGround(frame);
  if (!ground) {
    return sharp(original, { failOn: "error" })
      .autoOrient()
      .resize(SHARE_WIDTH, SHARE_HEIGHT, { fit: "cover", position: "attention" });
  }
  const logo = await sharp(original, { failOn: "error" })
    .autoOrient()
    .resize(Math.round(SHARE_WIDTH * CARD_LOGO_BOX.width), Math.round(SHARE_HEIGHT * CARD_LOGO_BOX.height), {
      fit: "inside",
    })
    .png()
    .toBuffer();
  return sharp({
    create: { width: SHARE_WIDTH, height: SHARE_HEIGHT, channels: 3, background: `#${ground}` },
  }).composite([{ input: logo, gravity: "centre" }]);
}
