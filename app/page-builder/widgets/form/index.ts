import { defineWidget } from "../../define-widget";
import { formFields } from "./fields.server";
import { FormView } from "./view";

export const formWidget = defineWidget({
  type: "core/form",
  fields: formFields,
  View: FormView,
  // It renders in its own issue, as a form that posts without JavaScript; a form with a
  // signature pad will need the browser then (a predicate on its fields).
  browser: false,
});
