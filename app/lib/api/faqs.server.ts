import { type Faq, faqsAnswerSchema } from "@contract/content";

import { CacheShort } from "./cache-strategies";
import { groupKey, noneOn404 } from "./fields";
import type { Transport } from "./transport.server";

/** The questions of a group, up to the API's 500 (spec: GET cognito/faq?group); [] for a malformed or unknown group. */
export function getFaqs(t: Transport, group: unknown): Promise<Faq[]> {
  const g = groupKey.safeParse(group);
  if (!g.success) return Promise.resolve([]);
  return t
    .get("/api/v1/cognito/faq", faqsAnswerSchema, { group: g.data, page_size: 500 }, { cache: CacheShort })
    .then((r) => r.data)
    .catch(noneOn404<Faq[]>([]));
}
