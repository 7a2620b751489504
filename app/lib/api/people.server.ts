import { peopleAnswerSchema, type Person } from "@contract/content";

import { CacheShort } from "./cache-strategies";
import type { ListOptions } from "./fields";
import { listQuery, noneOn404 } from "./fields";
import type { Transport } from "./transport.server";

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
