import type { z } from "zod";

import { number, text, widgetFields } from "../../fields";
import { pagingFields } from "../../paging/fields";

export const testimonialGridFields = widgetFields({
  heading: text(),
  /** Only this group's testimonials (a slug or an id); empty means any. */
  group: text(),
  page_size: number(12, { min: 1, max: 100 }),
  /** Entries per page of what was loaded, the first skipped, and the pagination's classes (decision 071). */
  ...pagingFields,
});

export type TestimonialGridFields = z.output<typeof testimonialGridFields>;
