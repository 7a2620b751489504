import { defineWidget } from "../../define-widget";
import { personListFields } from "./fields.server";
import { load } from "./load.server";
import { PersonListView } from "./view";

export const personListWidget = defineWidget({
  type: "core/person_list",
  fields: personListFields,
  View: PersonListView,
  load,
  browser: false,
  paged: (fields, data) => ({ paging: fields, total: (Array.isArray(data) ? data : []).length }),
});
