import { data } from "@remix-run/node";
import { z } from "zod";

const idSchema = z.coerce
  .number()
  .int()
  .positive()
  .max(2 ** 31 - 1);

/** A page's id from the route's `$id`; anything else is a 404. */
export function pageIdParam(value: string | undefined): number {
  const parsed = idSchema.safeParse(value);
  if (!parsed.success) throw data(null, { status: 404 });
  return parsed.data;
}
