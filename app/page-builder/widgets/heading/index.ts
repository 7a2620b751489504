import { defineWidget } from "../../define-widget";
import { headingFields } from "./fields.server";
import { HeadingView } from "./view";

export const headingWidget = defineWidget({
  type: "core/heading",
  fields: headingFields,
  View: HeadingView,
  browser: false,
});
