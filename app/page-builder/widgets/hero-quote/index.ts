import { defineWidget } from "../../define-widget";
import { heroQuoteFields } from "./fields.server";
import { load } from "./load.server";
import { HeroQuoteView } from "./view";

export const heroQuoteWidget = defineWidget({
  type: "core/hero_quote",
  fields: heroQuoteFields,
  View: HeroQuoteView,
  load,
  // A background video starts after load, plays while on screen and has a pause button.
  // Its background, or its video's poster.
  shareImage: (_, data) => {
    const image = data?.background ?? data?.video?.poster ?? null;
    return image ? { image, alt: "" } : null;
  },
  browser: false,
  enhance: (_, data) => (data?.video?.url ? ["background-video"] : []),
});
