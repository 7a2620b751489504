import { z } from "zod";
import { cachedWhenAnonymous } from "./cache.server";
import { isUpstreamError } from "./errors";
import { groupKey } from "./galleries.server";
import type { Transport } from "./transport.server";

const MINUTE = 60_000;
const text = z.string().nullish().catch(null).transform((v) => v ?? "");

/** A question and its answer (spec section 3, "FAQ"). */
export const faqSchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: text,
  content: text,
  group: z.union([z.number(), z.string()]).nullish().catch(null).transform((v) => v ?? null),
});
export type Faq = z.infer<typeof faqSchema>;

/** A broken entry is dropped, not the whole list. */
const faqList = z.array(z.unknown()).transform((list) =>
  list.flatMap((entry) => {
    const r = faqSchema.safeParse(entry);
    return r.success ? [r.data] : [];
  }),
);

/** The questions of a group (spec: GET cognito/faq?group); [] for a malformed or unknown group. */
export function getFaqs(t: Transport, group: unknown): Promise<Faq[]> {
  const g = groupKey.safeParse(group);
  if (!g.success) return Promise.resolve([]);
  const load = () =>
    t
      .get("/api/v1/cognito/faq", z.object({ data: faqList }), { group: g.data })
      .then((r) => r.data)
      .catch((error) => {
        if (isUpstreamError(error) && error.status === 404) return [];
        throw error;
      });
  return cachedWhenAnonymous(t, `faqs:${g.data}`, load, { freshFor: MINUTE });
}
