import { getProduct, getProducts, getSlides } from "~/lib/api/catalogue.server";
import { getGroupDetails, getGroups } from "~/lib/api/groups.server";
import type { Group, Product } from "~/lib/api/schemas";
import type { WidgetLoader } from "../loaders.server";
import { ItemNotFound, num, str } from "../types";

/** Catalogue/group_promo: the categories of the widget's namespace and model (Catalogue/Product). */
export const loadGroupPromo: WidgetLoader = (widget, { transport }) =>
  getGroups(transport, str(widget.fields, "namespace", "Catalogue"), str(widget.fields, "model", "Product"));

/** Catalogue/home_hero: the slides of the widget's group (8 by default), at most 9. */
export const loadHomeHero: WidgetLoader = (widget, { transport }) =>
  getSlides(transport, num(widget.fields, "group", 8, 1, 1_000_000), 9);

export interface CatalogueListData {
  /** Every category, for the overview and the breadcrumb. */
  groups: Group[];
  /** The category the URL names, with its products; null on the overview. */
  group: Group | null;
  products: Product[];
  /** The product the URL names (its own page without JavaScript). */
  product: Product | null;
}

/**
 * Catalogue/list: /catalogue shows every category with its products, /catalogue/{group} one
 * category, /catalogue/{group}/{product} one product. An unknown group or product is a 404.
 */
export const loadCatalogueList: WidgetLoader = async (widget, { transport, itemUrl, itemParameter }) => {
  const namespace = str(widget.fields, "namespace", "Catalogue");
  const model = str(widget.fields, "model", "Product");
  const groups = await getGroups(transport, namespace, model);
  if (!itemUrl) {
    const lists = await Promise.all(groups.map((g) => getProducts(transport, g.slug)));
    return { groups, group: null, products: lists.flat(), product: null } satisfies CatalogueListData;
  }
  const [group, products, product] = await Promise.all([
    getGroupDetails(transport, namespace, model, itemUrl),
    getProducts(transport, itemUrl),
    itemParameter ? getProduct(transport, itemUrl, itemParameter) : Promise.resolve(null),
  ]);
  if (!group || (itemParameter && !product)) throw new ItemNotFound();
  return { groups, group, products, product } satisfies CatalogueListData;
};
