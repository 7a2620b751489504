import { z } from "zod";

import { isUpstreamError } from "./errors";

/** Request helpers shared by the content clients (testimonials, people, FAQs, galleries, media). */

/** For `.catch`: a 404 from the upstream means "none" (the fallback); any other failure goes on. */
export function noneOn404<T>(fallback: T) {
  return (error: unknown): T => {
    if (isUpstreamError(error) && error.status === 404) return fallback;
    throw error;
  };
}

/** A group is named by id or slug; anything else is no group the upstream could know. */
export const groupKey = z.union([
  z.number().int().positive(),
  z
    .string()
    .trim()
    .regex(/^[\w-]{1,100}$/),
]);

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
  if (wanted !== undefined && !groupKey.safeParse(wanted).success) return null;
  return {
    page_size: Math.trunc(pageSize),
    image_width: Math.trunc(imageWidth),
    image_aspect: imageAspect,
    group: wanted,
  };
}
