import type { Product } from "@contract/catalogue";
import type { Group } from "@contract/groups";
import { getProduct, getProducts } from "~/lib/api/catalogue.server";
import { getGroupDetails, getGroups } from "~/lib/api/groups.server";
import { getShopProduct } from "~/lib/api/shop.server";
import { getSettings } from "~/lib/api/site.server";
import { sanitizeCmsHtml } from "~/lib/cms-html.server";

import type { WidgetLoadArgs } from "../../define-widget";
import { ItemNotFound } from "../../types";
import type { ProductShop } from "./add-to-cart";
import type { CatalogueListFields } from "./fields.server";
import { type Contact, productPath } from "./format";

export interface CatalogueListData {
  /** Every category, for the overview and the breadcrumb. */
  groups: Group[];
  /** The category the URL names, with its products; null on the overview. */
  group: Group | null;
  products: Product[];
  /** The product the URL names (its own page without JavaScript). */
  product: Product | null;
  /** On a product's page, the site's e-mail and phone for its enquiry link; else null. */
  contact: Contact | null;
  /**
   * On a product's page with the shop open: its SKUs and the form's token (the page is then the
   * visitor's own); else null, and the page stays shareable.
   */
  shop?: ProductShop | null;
}

/** A refused add the cart's action flashed (read once), when it is one. */
function refusedAdd(value: unknown) {
  if (!value || typeof value !== "object") return null;
  const { sku, qty, error } = value as Record<string, unknown>;
  return typeof sku === "string" && typeof qty === "string" && typeof error === "string" ? { sku, qty, error } : null;
}

/**
 * Catalogue/list: /catalogue shows every category with its products, /catalogue/{group} one
 * category, /catalogue/{group}/{product} one product. An unknown group or product is a 404.
 */
export async function load(args: WidgetLoadArgs<CatalogueListFields>): Promise<CatalogueListData> {
  const { fields, transport, itemUrl, itemParameter, embedOrigins = [], csrfToken, takeFlash } = args;
  const { namespace, model } = fields;
  const groups = await getGroups(transport, namespace, model);
  if (!itemUrl) {
    const lists = await Promise.all(groups.map((g) => getProducts(transport, g.slug)));
    return { groups, group: null, products: lists.flat(), product: null, contact: null };
  }
  const [group, products, product, settings] = await Promise.all([
    getGroupDetails(transport, namespace, model, itemUrl),
    getProducts(transport, itemUrl),
    itemParameter ? getProduct(transport, itemUrl, itemParameter) : Promise.resolve(null),
    // The root loads the settings too: this is the same cached answer.
    itemParameter ? getSettings(transport) : Promise.resolve(null),
  ]);
  if (!group || (itemParameter && !product)) throw new ItemNotFound();
  const contact = settings ? { email: settings.organisation_email, phone: settings.organisation_phone } : null;
  // The shop's form, only when it is open (and a page request is behind the load: a token to give).
  const skus =
    product && settings?.ecommerce === true && csrfToken
      ? await getShopProduct(transport, product.id).catch(() => null)
      : null;
  const shop =
    product && skus && csrfToken
      ? { skus, csrf: csrfToken(), back: productPath(product), refused: refusedAdd(takeFlash?.("cartAdd")) }
      : null;
  // Their HTML (the category's text, the product's description) as the allowlist keeps it.
  return {
    groups,
    group: { ...group, content: sanitizeCmsHtml(group.content, embedOrigins) },
    products,
    product: product && { ...product, description: sanitizeCmsHtml(product.description, embedOrigins) },
    contact,
    shop,
  };
}
