/**
 * The parsing helpers the contract's schemas share: an answer is read leniently, as a client of
 * any compatible upstream must (a missing text is "", a broken list entry is dropped).
 */
import { z } from "zod";

/** Free JSON: an object whose keys the client reads as it needs them. */
export const looseRecord = z.record(z.unknown());

/** A string the upstream may leave out or send as null: "" then. */
export const orEmpty = z
  .string()
  .nullish()
  .transform((v) => v ?? "");

/** A value the upstream may leave out: null then. */
export const orNull = <T extends z.ZodTypeAny>(schema: T) => schema.nullish().transform((v) => v ?? null);

/** A text field: missing, null or not a string reads as "". */
export const text = z
  .string()
  .nullish()
  .catch(null)
  .transform((v) => v ?? "");

/** A list whose broken entries are dropped rather than failing the whole answer. */
export function tolerantList<T extends z.ZodTypeAny>(item: T) {
  return z.array(z.unknown()).transform((list) =>
    list.flatMap((entry): z.infer<T>[] => {
      const r = item.safeParse(entry);
      return r.success ? [r.data] : [];
    }),
  );
}

/** An id the upstream may send as a number or a string. */
export const anyId = z.union([z.number(), z.string()]);
