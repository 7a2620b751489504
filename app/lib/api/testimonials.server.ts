import { z } from "zod";

import { CacheShort } from "./cache-strategies";
import type { ListOptions } from "./fields";
import { listQuery, noneOn404, text, tolerantList } from "./fields";
import { imageSchema } from "./schemas";
import type { Transport } from "./transport.server";

export const testimonialSchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: text,
  title: text,
  content: text,
  // A broken image record loses the image, not the testimonial.
  image: imageSchema
    .nullish()
    .catch(null)
    .transform((v) => v ?? null),
  // The scale is 1 to 5; anything else means "not rated".
  rating: z.coerce.number().int().min(1).max(5).nullable().catch(null),
  group: z
    .union([z.number(), z.string()])
    .nullish()
    .catch(null)
    .transform((v) => v ?? null),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

/** Answer schemas live at module level: the transport parses a cached answer once per schema. */
const testimonialsAnswerSchema = z.object({ data: tolerantList(testimonialSchema) });

/** Testimonials (spec: GET cognito/testimonial), optionally of one group; an unknown group is []. */
export function getTestimonials(t: Transport, options: ListOptions): Promise<Testimonial[]> {
  const query = listQuery(options);
  if (!query) return Promise.resolve([]);
  return t
    .get("/api/v1/cognito/testimonial", testimonialsAnswerSchema, query, { cache: CacheShort })
    .then((r) => r.data)
    .catch(noneOn404<Testimonial[]>([]));
}
