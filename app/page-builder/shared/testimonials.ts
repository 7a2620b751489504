import type { Testimonial } from "~/lib/api/testimonials.server";

/** What a testimonial needs to be worth showing: some words or a name. */
export const showable = (item: Testimonial) => Boolean(item.content.trim() || item.name.trim());
