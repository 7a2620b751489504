import { defineWidget } from "../../define-widget";
import { tplHeadingFields } from "./fields.server";
import { load } from "./load.server";
import { TplHeadingView } from "./view";

export const tplHeadingWidget = defineWidget({
  type: "tpl/heading",
  fields: tplHeadingFields,
  View: TplHeadingView,
  load,
  browser: false,
});
