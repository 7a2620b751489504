import { z } from "zod";

import { CacheShort } from "./cache-strategies";
import { text } from "./fields";
import { imageSchema } from "./schemas";
import type { Transport } from "./transport.server";

/** The kinds of result the search API answers, in the order the results page shows them. */
export const SEARCH_KINDS = ["product", "category", "page", "gallery", "faq"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The longest query the API takes: longer ones are cut rather than refused. */
export const MAX_QUERY_LENGTH = 200;

/** A same-site path: results link only within the site. */
const sitePath = z.string().regex(/^\/(?!\/)[^\s"'<>\\`]*$/);

const resultSchema = z.object({
  id: z.union([z.number(), z.string()]),
  title: text,
  url: sitePath,
  /** HTML from the API: escaped text with <mark> around matches (`snippetParts` reads it safely). */
  snippet: text,
  image: imageSchema.nullish().catch(null),
});
export type SearchResult = z.infer<typeof resultSchema>;

const groupSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  data: z.array(z.unknown()).transform((list) =>
    list.flatMap((r) => {
      const parsed = resultSchema.safeParse(r);
      return parsed.success ? [parsed.data] : [];
    }),
  ),
});

const searchAnswerSchema = z.object({
  total: z.number().catch(0),
  groups: z.array(z.unknown()).transform((list) =>
    list.flatMap((g) => {
      const parsed = groupSchema.safeParse(g);
      return parsed.success && parsed.data.data.length > 0 ? [parsed.data] : [];
    }),
  ),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;

/** Searches the site (spec: GET cognito/search?q=&page_size=); the visitor's words are only a parameter. */
export function searchSite(t: Transport, q: string, pageSize = 12): Promise<SearchAnswer> {
  return t.get(
    "/api/v1/cognito/search",
    searchAnswerSchema,
    { q: q.slice(0, MAX_QUERY_LENGTH), page_size: pageSize, image_aspect: "4x3", image_width: 400 },
    { cache: CacheShort },
  );
}
