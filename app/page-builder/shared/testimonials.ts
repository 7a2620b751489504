import type { Testimonial } from "@contract/content";

/** What a testimonial needs to be worth showing: some words or a name. */
export const showable = (item: Testimonial) => Boolean(item.content.trim() || item.name.trim());
