import { defineWidget } from "../../define-widget";
import { catalogueListFields } from "./fields.server";
import { load } from "./load.server";
import { CatalogueListView } from "./view";

export const catalogueListWidget = defineWidget({
  type: "Catalogue/list",
  fields: catalogueListFields,
  View: CatalogueListView,
  load,
  acceptsItem: true,
  // A list of products opens each one in a dialog; a product's own page has none.
  browser: (_, data) => data !== null && data.product === null && data.products.length > 0,
});
