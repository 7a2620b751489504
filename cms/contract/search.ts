/** The site search (`GET search?q=&page_size=`, decision 061): ranked results grouped by kind. */
import { z } from "zod";

import { text } from "./lenient";
import { imageSchema } from "./media";

/** The kinds of result the search API answers, in the order the results page shows them. */
export const SEARCH_KINDS = ["product", "category", "page", "gallery", "faq"] as const;
export type SearchKind = (typeof SEARCH_KINDS)[number];

/** The longest query the API takes: longer ones are cut rather than refused. */
export const MAX_QUERY_LENGTH = 200;

/** A same-site path: results link only within the site. */
const sitePath = z.string().regex(/^\/(?!\/)[^\s"'<>\\`]*$/);

export const searchResultSchema = z.object({
  id: z.union([z.number(), z.string()]),
  title: text,
  url: sitePath,
  /** HTML from the API: escaped text with <mark> around matches (the site reads it safely). */
  snippet: text,
  image: imageSchema.nullish().catch(null),
});
export type SearchResult = z.infer<typeof searchResultSchema>;

const resultGroupSchema = z.object({
  kind: z.enum(SEARCH_KINDS),
  data: z.array(z.unknown()).transform((list) =>
    list.flatMap((r) => {
      const parsed = searchResultSchema.safeParse(r);
      return parsed.success ? [parsed.data] : [];
    }),
  ),
});

export const searchAnswerSchema = z.object({
  total: z.number().catch(0),
  groups: z.array(z.unknown()).transform((list) =>
    list.flatMap((g) => {
      const parsed = resultGroupSchema.safeParse(g);
      return parsed.success && parsed.data.data.length > 0 ? [parsed.data] : [];
    }),
  ),
});
export type SearchAnswer = z.infer<typeof searchAnswerSchema>;
