import { defineWidget } from "../../define-widget";
import { showable } from "../../shared/testimonials";
import { testimonialGridFields } from "./fields.server";
import { load } from "./load.server";
import { TestimonialGridView } from "./view";

export const testimonialGridWidget = defineWidget({
  type: "core/testimonial_grid",
  fields: testimonialGridFields,
  View: TestimonialGridView,
  load,
  browser: false,
  paged: (fields, data) => ({ paging: fields, total: (Array.isArray(data) ? data : []).filter(showable).length }),
});
