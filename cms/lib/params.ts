/**
 * Zod schemas of the parameters the API takes, shared by the areas: ids, flags, bounded numbers
 * and text, image options, and the paging and group parameters of a list.
 */
import { z } from "zod";

/** The largest value of a PostgreSQL integer (serial) column. */
const MAX_ID = 2_147_483_647;

/** A record id: a whole number from 1 to the largest a serial column holds. */
export const idSchema = z.number().int().min(1).max(MAX_ID);

/** The id written in `text` when it is only digits and a valid id; null otherwise. */
export function idFromText(text: string): number | null {
  if (!/^\d{1,10}$/.test(text)) return null;
  const parsed = idSchema.safeParse(Number(text));
  return parsed.success ? parsed.data : null;
}

/** Query flags such as `pb=1`, `pb=true`. */
export const flag = z
  .union([z.literal("1"), z.literal("0"), z.literal("true"), z.literal("false"), z.literal("")])
  .optional()
  .transform((v) => v === "1" || v === "true");

export const positiveInt = (max: number, fallback: number) => z.coerce.number().int().min(1).max(max).default(fallback);

/** Text a request may carry into a query: bounded, with no control characters (PostgreSQL refuses NUL). */
export const safeText = (max: number) =>
  z
    .string()
    .max(max)
    // Every character but the C0 controls (U+0000 to U+001F) and DEL (U+007F).
    .regex(/^[\x20-\x7e\u0080-\u{10ffff}]*$/u, "must not contain control characters");

/** The image parameters of a record or list, with its defaults. */
export const imageParams = (aspect: string, width: number) => ({
  image_aspect: z.string().max(10).default(aspect),
  image_width: z.coerce.number().int().min(1).max(4000).default(width),
});

/** The image options of parsed image parameters. */
export const imageOptions = (q: { image_aspect: string; image_width: number }) => ({
  aspect: q.image_aspect,
  width: q.image_width,
});

/** A `group` parameter: a group id (number or digits) or slug; empty means none. */
export const groupParam = z.preprocess(
  (v) => (v === "" || v === null ? undefined : v),
  z
    .union([idSchema, safeText(100).min(1)])
    .transform(String)
    .optional(),
);

/** The paging parameters of a list. */
export const pagingParams = (maxPageSize: number, pageSize: number) => ({
  page_size: positiveInt(maxPageSize, pageSize),
  page: positiveInt(100_000, 1),
});

/** The paging and group parameters of a list, with its image defaults. */
export const listParams = (pageSize: number, aspect: string, width: number, maxPageSize = 100) =>
  z.object({ ...imageParams(aspect, width), ...pagingParams(maxPageSize, pageSize), group: groupParam }).passthrough();

/** The service's request for a parsed list query. */
export const listRequest = (q: { group?: string; page: number; page_size: number }) => ({
  group: q.group,
  page: q.page,
  pageSize: q.page_size,
});
