import { getTestimonials } from "~/lib/api/testimonials.server";

import type { WidgetLoadArgs } from "../../define-widget";
import type { TestimonialGridFields } from "./fields.server";

/**
 * core/testimonial_grid: the testimonials of the widget's group, 12 by default and at most 100,
 * square images 100 wide.
 */
export function load({ fields, transport }: WidgetLoadArgs<TestimonialGridFields>) {
  const group = fields.group.trim();
  return getTestimonials(transport, { group, pageSize: fields.page_size, imageAspect: "1x1", imageWidth: 100 });
}
