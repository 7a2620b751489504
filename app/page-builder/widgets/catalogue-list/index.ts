import { defineWidget } from "../../define-widget";
import { catalogueListFields } from "./fields";
import { load } from "./load.server";
import { CatalogueListView } from "./view";

export const catalogueListWidget = defineWidget({
  type: "Catalogue/list",
  fields: catalogueListFields,
  View: CatalogueListView,
  load,
  acceptsItem: true,
});
