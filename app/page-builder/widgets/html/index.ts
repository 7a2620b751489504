import { defineWidget } from "../../define-widget";
import { htmlFields } from "./fields.server";
import { HtmlView } from "./view";

export const htmlWidget = defineWidget({
  type: "core/html",
  fields: htmlFields,
  View: HtmlView,
  browser: false,
});
