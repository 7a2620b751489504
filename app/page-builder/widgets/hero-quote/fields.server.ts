import { z } from "zod";

import { flag, imageHashes, ref, text, widgetFields } from "../../fields";
import { opacities, saturations } from "../../widget-frame";

export const OVERLAY_COLOURS = ["white", "black", "brand", "success", "info", "warning", "danger"] as const;

/** One of a set of keys as an editor may write it: in any case, with spaces around it, or a number. */
const key = <const K extends string>(keys: readonly K[]) =>
  z
    .union([z.string(), z.number()])
    .transform((v) => String(v).trim().toLowerCase())
    .refine((v): v is K => (keys as readonly string[]).includes(v));

export const heroQuoteFields = widgetFields({
  /** The quote as plain text, or as rich text in html (which wins). */
  quote: text(),
  html: text(),
  author: text(),
  /** The colour under the picture, showing through as its opacity drops. */
  overlay_colour: key(OVERLAY_COLOURS).catch("black"),
  /** White or black; null follows the overlay colour. */
  text_colour: key(["white", "black"]).nullable().catch(null),
  /** The picture's opacity and saturation, on the wrapper's scales. */
  opacity: key(Object.keys(opacities)).catch("70"),
  saturation: key(Object.keys(saturations)).catch("100"),
  text_justify: key(["left", "center", "right"]).catch("center"),
  text_align: key(["top", "middle", "bottom"]).catch("middle"),
  parallax: flag(),
  background_video_id: ref(),
  /** Its `background_image` and `overlay_image` (which may also sit on the widget itself). */
  imageHashes: imageHashes(),
});

export type HeroQuoteFields = z.output<typeof heroQuoteFields>;
