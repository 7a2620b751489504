import { defineWidget } from "../../define-widget";
import { buttonLinkFields } from "./fields.server";
import { ButtonLinkView } from "./view";

export const buttonLinkWidget = defineWidget({
  type: "core/button_link",
  fields: buttonLinkFields,
  View: ButtonLinkView,
  browser: false,
});
