import { defineWidget } from "../../define-widget";
import { formFields } from "./fields.server";
import { load } from "./load.server";
import { FormView, hasSignature } from "./view";

export const formWidget = defineWidget({
  type: "core/form",
  fields: formFields,
  View: FormView,
  load,
  // It posts without JavaScript (to /forms/{id}, decision 056); enhancers add the rest: the
  // date mask, the password's show and suggest, the captcha's puzzle, the busy button, and the
  // signature pad where the form has one.
  browser: false,
  enhance: (_, data) => (data ? (hasSignature(data) ? ["form", "signature"] : ["form"]) : []),
});
