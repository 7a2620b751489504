import { getSlides } from "~/lib/api/catalogue.server";

import type { WidgetLoadArgs } from "../../define-widget";
import type { HomeHeroFields } from "./fields.server";

/** Catalogue/home_hero: the slides of the widget's group, at most 9. */
export function load({ fields, transport }: WidgetLoadArgs<HomeHeroFields>) {
  return getSlides(transport, fields.group, 9);
}
