import { defineWidget } from "../../define-widget";
import { heroQuoteFields } from "./fields";
import { load } from "./load.server";
import { HeroQuoteView } from "./view";

export const heroQuoteWidget = defineWidget({
  type: "core/hero_quote",
  fields: heroQuoteFields,
  View: HeroQuoteView,
  load,
});
