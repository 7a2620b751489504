import { type Testimonial, testimonialsAnswerSchema } from "@contract/content";

import { CacheShort } from "./cache-strategies";
import type { ListOptions } from "./fields";
import { listQuery, noneOn404 } from "./fields";
import type { Transport } from "./transport.server";

/** Testimonials (spec: GET cognito/testimonial), optionally of one group; an unknown group is []. */
export function getTestimonials(t: Transport, options: ListOptions): Promise<Testimonial[]> {
  const query = listQuery(options);
  if (!query) return Promise.resolve([]);
  return t
    .get("/api/v1/cognito/testimonial", testimonialsAnswerSchema, query, { cache: CacheShort })
    .then((r) => r.data)
    .catch(noneOn404<Testimonial[]>([]));
}
