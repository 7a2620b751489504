import { defineWidget } from "../../define-widget";
import { homeHeroFields } from "./fields.server";
import { load } from "./load.server";
import { HomeHeroView } from "./view";

export const homeHeroWidget = defineWidget({
  type: "Catalogue/home_hero",
  fields: homeHeroFields,
  View: HomeHeroView,
  load,
  // The first slide's picture stands for the page.
  shareImage: (_, slides) => {
    const first = slides?.find((s) => s.image);
    return first?.image ? { image: first.image, alt: first.heading } : null;
  },
  browser: false,
  // Two slides or more are a Swiper slideshow; one slide is a picture.
  enhance: (_, slides) => ((slides?.length ?? 0) > 1 ? ["slideshow"] : []),
});
