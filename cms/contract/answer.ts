/**
 * How the CMS builds its answers against the contract: `answer(schema, value)` returns `value` as
 * it is, and `tsc` fails when the value lacks a field the schema requires or holds one of a type
 * the schema refuses. Fields the schema does not read may be added (a client ignores them).
 *
 *   return answer(productSchema, { id: p.id, name: p.name, … });
 */
import type { z } from "zod";

export function answer<S extends z.ZodTypeAny, T extends z.input<S>>(_schema: S, value: T): T {
  return value;
}

/**
 * A body the site sends, checked against the schema the CMS reads it with:
 * `type _ = Accepts<typeof cmsSchema, SiteBody>` fails `tsc` unless every `SiteBody` is input the
 * schema takes (by its types; its refinements still judge the values).
 */
export type Accepts<S extends z.ZodTypeAny, Body extends z.input<S>> = Body;
