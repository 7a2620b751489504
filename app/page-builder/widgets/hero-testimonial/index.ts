import { defineWidget } from "../../define-widget";
import { heroTestimonialFields } from "./fields.server";
import { load } from "./load.server";
import { HeroTestimonialView } from "./view";

export const heroTestimonialWidget = defineWidget({
  type: "core/hero_testimonial",
  fields: heroTestimonialFields,
  View: HeroTestimonialView,
  load,
  browser: false,
});
