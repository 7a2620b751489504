import { defineWidget } from "~/page-builder/define-widget";

import { quotesFields } from "./fields.server";
import { load } from "./load.server";
import { QuotesView } from "./view";

export const quotesWidget = defineWidget({
  type: "test/quotes",
  fields: quotesFields,
  View: QuotesView,
  load,
  browser: false,
});
