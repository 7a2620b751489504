import { defineWidget } from "../../define-widget";
import { faqItems } from "./entries";
import { faqFields } from "./fields.server";
import { load } from "./load.server";
import { FaqView } from "./view";

export const faqWidget = defineWidget({
  type: "core/faq",
  fields: faqFields,
  View: FaqView,
  load,
  // The FAQ is native `<details name>`: one answer open at a time without JavaScript.
  browser: false,
  paged: (fields, data, items) => ({ paging: fields, total: faqItems(items, data).length }),
});
