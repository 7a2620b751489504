import { getTestimonials } from "~/lib/api/testimonials.server";
import type { WidgetLoadArgs } from "~/page-builder/define-widget";

import type { QuotesFields } from "./fields.server";

/** The names of the group's latest testimonials. */
export async function load({ fields, transport }: WidgetLoadArgs<QuotesFields>) {
  const options = { group: fields.group, pageSize: fields.count, imageAspect: "1x1", imageWidth: 100 };
  const testimonials = await getTestimonials(transport, options);
  return { names: testimonials.map((t) => t.name) };
}
