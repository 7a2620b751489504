import { defineWidget } from "../../define-widget";
import { formFields } from "./fields";
import { FormView } from "./view";

export const formWidget = defineWidget({ type: "core/form", fields: formFields, View: FormView });
