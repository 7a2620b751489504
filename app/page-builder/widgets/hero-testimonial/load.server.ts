import { getTestimonials } from "~/lib/api/testimonials.server";

import type { WidgetLoadArgs } from "../../define-widget";
import type { HeroTestimonialFields } from "./fields.server";

/** core/hero_testimonial: three testimonials of the widget's group, square images 100 wide. */
export function load({ fields, transport }: WidgetLoadArgs<HeroTestimonialFields>) {
  return getTestimonials(transport, { group: fields.group.trim(), pageSize: 3, imageAspect: "1x1", imageWidth: 100 });
}
