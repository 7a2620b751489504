import { z } from "zod";
import { cachedWhenAnonymous } from "./cache.server";
import { groupKey, noneOn404, text, tolerantList } from "./fields";
import type { Transport } from "./transport.server";

const MINUTE = 60_000;

/** A question and its answer (spec section 3, "FAQ"). */
export const faqSchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: text,
  content: text,
  group: z.union([z.number(), z.string()]).nullish().catch(null).transform((v) => v ?? null),
});
export type Faq = z.infer<typeof faqSchema>;

/** The questions of a group, up to the API's 500 (spec: GET cognito/faq?group); [] for a malformed or unknown group. */
export function getFaqs(t: Transport, group: unknown): Promise<Faq[]> {
  const g = groupKey.safeParse(group);
  if (!g.success) return Promise.resolve([]);
  const load = () =>
    t
      .get("/api/v1/cognito/faq", z.object({ data: tolerantList(faqSchema) }), { group: g.data, page_size: 500 })
      .then((r) => r.data)
      .catch(noneOn404<Faq[]>([]));
  return cachedWhenAnonymous(t, `faqs:${g.data}`, load, { freshFor: MINUTE });
}
