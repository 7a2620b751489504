import { z } from "zod";

import { flag, number, text, widgetFields } from "../../fields";

/** A CSS length: a number is pixels; a string must be a plain length (px, %, rem, vh, vw). */
const cssLength = (fallback: string) =>
  z
    .union([
      z
        .number()
        .finite()
        .transform((n) => `${n}px`),
      z
        .string()
        .trim()
        .regex(/^\d+(\.\d+)?(px|%|rem|vh|vw)?$/)
        .transform((v) => (/\d$/.test(v) ? `${v}px` : v)),
    ])
    .catch(fallback);

export const googleMapFields = widgetFields({
  location: text(),
  zoom: number(14, { min: 1, max: 21 }),
  width: cssLength("100%"),
  height: cssLength("325px"),
  show_sign: flag(),
});

export type GoogleMapFields = z.output<typeof googleMapFields>;
