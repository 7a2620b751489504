import { z } from "zod";

/**
 * The field types of widgets' `fields.ts` schemas. Every one is tolerant: a missing or wrong value
 * falls back to its default through `.catch()`, so a bad value from the CMS can never break a page.
 */

/** Text: a string as written, a number as its digits; anything else is the fallback. */
export const text = (fallback = "") => z.union([z.string(), z.number().transform(String)]).catch(fallback);

/** Yes or no: true/false, 1/0, "1"/"0", "true"/"false"; anything else is the fallback. */
export const flag = (fallback = false) =>
  z
    .union([z.boolean(), z.literal(1), z.literal(0), z.enum(["1", "0", "true", "false"])])
    .transform((v) => v === true || v === 1 || v === "1" || v === "true")
    .catch(fallback);

/** A number (or a numeric string) held within min and max; anything that is no number is the fallback. */
export const number = (fallback: number, { min = -Infinity, max = Infinity } = {}) =>
  z
    .union([z.number(), z.string().trim().min(1)])
    .pipe(z.coerce.number().finite())
    .transform((n) => Math.min(max, Math.max(min, n)))
    .catch(fallback);

/** One of a fixed set of values, exactly as written; anything else is the fallback. */
export const oneOf = <const T extends string>(values: readonly [T, ...T[]], fallback: NoInfer<T>) =>
  z.enum(values).catch(fallback);

/** A record of another kind (a group, a gallery, a video) by id or slug; its client checks the form. */
export const ref = () => z.union([z.string(), z.number()]).nullable().catch(null);

/** The widget's images by name (`imageHashes`); the image client checks each hash when asked. */
export const imageHashes = () => z.record(z.unknown()).catch({});

/** A field type: any schema that falls back instead of failing. */
export type FieldType = z.ZodCatch<z.ZodTypeAny>;

/**
 * A widget's fields: an object of tolerant field types. Keys it does not name are dropped, and
 * anything but an object reads as all defaults.
 */
export function widgetFields<S extends Record<string, FieldType>>(shape: S) {
  const object = z.object(shape);
  return object.catch(() => object.parse({}));
}

/** The fields of a widget's call-to-action button (shared/link-target.tsx), to spread into its `widgetFields`. */
export const buttonFields = {
  button_text: text(),
  button_link: text(),
  button_target: text(),
};
