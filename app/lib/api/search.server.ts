import { MAX_QUERY_LENGTH, type SearchAnswer, searchAnswerSchema } from "@contract/search";

import { CacheShort } from "./cache-strategies";
import type { Transport } from "./transport.server";

/** Searches the site (spec: GET cognito/search?q=&page_size=); the visitor's words are only a parameter. */
export function searchSite(t: Transport, q: string, pageSize = 12): Promise<SearchAnswer> {
  return t.get(
    "/api/v1/cognito/search",
    searchAnswerSchema,
    { q: q.slice(0, MAX_QUERY_LENGTH), page_size: pageSize, image_aspect: "4x3", image_width: 400 },
    { cache: CacheShort },
  );
}
