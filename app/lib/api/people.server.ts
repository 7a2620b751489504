import { z } from "zod";

import { CacheShort } from "./cache-strategies";
import type { ListOptions } from "./fields";
import { listQuery, noneOn404, text, tolerantList } from "./fields";
import { imageSchema } from "./schemas";
import type { Transport } from "./transport.server";

export const personSchema = z.object({
  id: z.union([z.number(), z.string()]),
  first_name: text,
  last_name: text,
  title: text,
  description: text,
  // A broken image record loses the photo, not the person.
  photo: imageSchema
    .nullish()
    .catch(null)
    .transform((v) => v ?? null),
  group: z
    .union([z.number(), z.string()])
    .nullish()
    .catch(null)
    .transform((v) => v ?? null),
});
export type Person = z.infer<typeof personSchema>;

/** Answer schemas live at module level: the transport parses a cached answer once per schema. */
const peopleAnswerSchema = z.object({ data: tolerantList(personSchema) });

/** People (spec: GET cognito/person, 64 a page, photos 4x3 at 900), optionally of one group; an unknown group is []. */
export function getPeople(
  t: Transport,
  { group = null, pageSize = 64, imageWidth = 900, imageAspect = "4x3" }: Partial<ListOptions> = {},
): Promise<Person[]> {
  const query = listQuery({ group, pageSize, imageWidth, imageAspect });
  if (!query) return Promise.resolve([]);
  return t
    .get("/api/v1/cognito/person", peopleAnswerSchema, query, { cache: CacheShort })
    .then((r) => r.data)
    .catch(noneOn404<Person[]>([]));
}
