import { defineWidget } from "../../define-widget";
import { tplHeadingFields } from "./fields.server";
import { load } from "./load.server";
import { TplHeadingView } from "./view";

export const tplHeadingWidget = defineWidget({
  type: "tpl/heading",
  fields: tplHeadingFields,
  View: TplHeadingView,
  load,
  shareImage: (fields, data) =>
    data?.image ? { image: data.image, alt: fields.title.trim() || fields.heading.trim() } : null,
  browser: false,
});
