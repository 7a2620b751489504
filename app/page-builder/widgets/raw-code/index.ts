import { defineWidget } from "../../define-widget";
import { rawCodeFields } from "./fields.server";
import { RawCodeView } from "./view";

export const rawCodeWidget = defineWidget({
  type: "core/raw_code",
  fields: rawCodeFields,
  View: RawCodeView,
  // Markup as written (scripts stay blocked by the CSP).
  browser: false,
});
