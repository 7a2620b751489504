import { defineWidget } from "../../define-widget";
import { callToActionFields } from "./fields.server";
import { load } from "./load.server";
import { CallToActionView } from "./view";

export const callToActionWidget = defineWidget({
  type: "core/call_to_action",
  fields: callToActionFields,
  View: CallToActionView,
  load,
  browser: false,
});
