import { z } from "zod";
import { cachedWhenAnonymous } from "./cache.server";
import { isUpstreamError } from "./errors";
import { imageSchema } from "./schemas";
import type { Transport } from "./transport.server";

const MINUTE = 60_000;
const text = z.string().nullish().catch(null).transform((v) => v ?? "");

export const testimonialSchema = z.object({
  id: z.union([z.number(), z.string()]),
  name: text,
  title: text,
  content: text,
  // A broken image record loses the image, not the testimonial.
  image: imageSchema.nullish().catch(null).transform((v) => v ?? null),
  // The scale is 1 to 5; anything else means "not rated".
  rating: z.coerce.number().int().min(1).max(5).nullable().catch(null),
  group: z.union([z.number(), z.string()]).nullish().catch(null).transform((v) => v ?? null),
});
export type Testimonial = z.infer<typeof testimonialSchema>;

/** A group is named by id or slug; anything else is no group the upstream could know. */
export const groupParamSchema = z.union([z.number().int().positive(), z.string().regex(/^[\w-]{1,100}$/)]);

export interface ListOptions {
  /** Only this group's items; empty or missing means every item. */
  group?: string | number | null;
  pageSize: number;
  imageWidth: number;
  imageAspect: string;
}

/** Query parameters for a list call, or null when the group cannot exist (nothing to ask for). */
export function listQuery({ group, pageSize, imageWidth, imageAspect }: ListOptions) {
  const wanted = group === "" || group == null ? undefined : group;
  if (wanted !== undefined && !groupParamSchema.safeParse(wanted).success) return null;
  return { page_size: Math.trunc(pageSize), image_width: Math.trunc(imageWidth), image_aspect: imageAspect, group: wanted };
}

/** Testimonials (spec: GET cognito/testimonial), optionally of one group; an unknown group is []. */
export function getTestimonials(t: Transport, options: ListOptions): Promise<Testimonial[]> {
  const query = listQuery(options);
  if (!query) return Promise.resolve([]);
  const load = () =>
    t
      .get("/api/v1/cognito/testimonial", z.object({ data: z.array(testimonialSchema) }), query)
      .then((r) => r.data)
      .catch((error) => {
        if (isUpstreamError(error) && error.status === 404) return [];
        throw error;
      });
  const key = `testimonials:${query.group ?? ""}:${query.page_size}:${query.image_aspect}:${query.image_width}`;
  return cachedWhenAnonymous(t, key, load, { freshFor: MINUTE });
}
