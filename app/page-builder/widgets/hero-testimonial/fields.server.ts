import type { z } from "zod";

import { text, widgetFields } from "../../fields";

export const heroTestimonialFields = widgetFields({
  heading: text(),
  /** Only this group's testimonials (a slug or an id); empty means any. */
  group: text(),
});

export type HeroTestimonialFields = z.output<typeof heroTestimonialFields>;
