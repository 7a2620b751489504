import { defineWidget } from "../../define-widget";
import { homeHeroFields } from "./fields.server";
import { load } from "./load.server";
import { HomeHeroView } from "./view";

export const homeHeroWidget = defineWidget({
  type: "Catalogue/home_hero",
  fields: homeHeroFields,
  View: HomeHeroView,
  load,
  browser: false,
  // Two slides or more are a Swiper slideshow; one slide is a picture.
  enhance: (_, slides) => ((slides?.length ?? 0) > 1 ? ["slideshow"] : []),
});
