import { defineWidget } from "../../define-widget";
import { plainText } from "../../item-head";
import { catalogueListFields } from "./fields.server";
import { load } from "./load.server";
import { CatalogueListView } from "./view";

export const catalogueListWidget = defineWidget({
  type: "Catalogue/list",
  fields: catalogueListFields,
  View: CatalogueListView,
  load,
  acceptsItem: true,
  // A product's page is about the product; a category's about the category.
  itemHead: (_, data) =>
    data?.product
      ? {
          title: data.product.name,
          description: plainText(data.product.description),
          image: data.product.photos[0]?.image ?? null,
        }
      : data?.group
        ? { title: data.group.name, description: plainText(data.group.content), image: data.group.image }
        : null,
  // The catalogue's own page: its first category's picture (an item view's is its item's).
  shareImage: (_, data) => {
    const first = data?.groups.find((g) => g.image);
    return first?.image ? { image: first.image, alt: first.name } : null;
  },
  // A list of products opens each one in a dialog, the product-view enhancer's (decision 036); a
  // product's own page has none. Neither needs the Remix runtime.
  browser: false,
  enhance: (_, data) => (data !== null && data.product === null && data.products.length > 0 ? ["product-view"] : []),
});
