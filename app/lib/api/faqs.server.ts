import { z } from "zod";

import { CacheShort } from "./cache-strategies";
import { groupKey, noneOn404, text, tolerantList } from "./fields";
import type { Transport } from "./transport.server";

/** A question and its answer (spec section 3, "FAQ"). */
export const faqSchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: text,
  content: text,
  group: z
    .union([z.number(), z.string()])
    .nullish()
    .catch(null)
    .transform((v) => v ?? null),
});
export type Faq = z.infer<typeof faqSchema>;

/** Answer schemas live at module level: the transport parses a cached answer once per schema. */
const faqsAnswerSchema = z.object({ data: tolerantList(faqSchema) });

/** The questions of a group, up to the API's 500 (spec: GET cognito/faq?group); [] for a malformed or unknown group. */
export function getFaqs(t: Transport, group: unknown): Promise<Faq[]> {
  const g = groupKey.safeParse(group);
  if (!g.success) return Promise.resolve([]);
  return t
    .get("/api/v1/cognito/faq", faqsAnswerSchema, { group: g.data, page_size: 500 }, { cache: CacheShort })
    .then((r) => r.data)
    .catch(noneOn404<Faq[]>([]));
}
