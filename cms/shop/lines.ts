/**
 * What is on sale and what is in a cart: a product's SKUs with their add-ons, and a cart's lines
 * joined to their SKU, product and add-ons with the price of now (one piece with its add-ons).
 */
import { and, asc, eq, inArray } from "drizzle-orm";

import { answer } from "../contract/answer";
import { centsToDollars } from "../contract/formats";
import { cartItemSchema, skuSchema } from "../contract/shop";
import type { Db } from "../db/client";
import { cartItems, groups, productPhotos, products, skuAddons, skus } from "../db/schema";
import { loadImageRecords } from "../media/service";

export type SkuRow = typeof skus.$inferSelect;
export type AddonRow = typeof skuAddons.$inferSelect;
export type CartItemRow = typeof cartItems.$inferSelect;

/** The most of one line a cart may hold. */
export const MAX_LINE_QTY = 99;

/** How many pieces of a SKU can be bought: its stock, at most 99; none when it is not on sale. */
export const canPurchaseQty = (sku: SkuRow, productEnabled = true) =>
  sku.enabled && productEnabled ? Math.max(0, Math.min(sku.stock, MAX_LINE_QTY)) : 0;

/** An enabled product's SKUs with their add-ons (docs/shop.md `Sku`); null for none. */
export async function getProductSkus(db: Db, productId: number) {
  const [product] = await db
    .select({ id: products.id })
    .from(products)
    .where(and(eq(products.id, productId), eq(products.enabled, true)))
    .limit(1);
  if (!product) return null;
  const rows = await db
    .select()
    .from(skus)
    .where(and(eq(skus.productId, productId), eq(skus.enabled, true)))
    .orderBy(asc(skus.id));
  const addons = rows.length
    ? await db
        .select()
        .from(skuAddons)
        .where(
          inArray(
            skuAddons.skuId,
            rows.map((r) => r.id),
          ),
        )
        .orderBy(asc(skuAddons.sortOrder), asc(skuAddons.id))
    : [];
  return {
    product_id: product.id,
    skus: rows.map((s) =>
      answer(skuSchema, {
        id: s.id,
        code: s.code,
        name: s.name,
        price: centsToDollars(s.priceCents),
        stock: s.stock,
        can_purchase_qty: canPurchaseQty(s),
        is_event: s.isEvent,
        event_date: s.eventDate,
        addons: addons
          .filter((a) => a.skuId === s.id)
          .map((a) => ({ id: a.id, name: a.name, price: centsToDollars(a.priceCents) })),
      }),
    ),
  };
}

/** A SKU on sale (it and its product enabled) with its add-ons, or null. */
export async function findSaleSku(db: Db, skuId: number) {
  const [row] = await db
    .select({ sku: skus })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .where(and(eq(skus.id, skuId), eq(skus.enabled, true), eq(products.enabled, true)))
    .limit(1);
  if (!row) return null;
  const addons = await db.select().from(skuAddons).where(eq(skuAddons.skuId, skuId));
  return { sku: row.sku, addons };
}

export interface Line {
  item: CartItemRow;
  sku: SkuRow;
  product: { id: number; name: string; enabled: boolean; url: string };
  addons: AddonRow[];
  /** One piece with its add-ons, cents. */
  priceCents: number;
  canPurchaseQty: number;
  imageHash: string | null;
}

/** A cart's lines in the order they were added, with the prices of now. */
export async function loadLines(db: Db, cartId: number): Promise<Line[]> {
  const rows = await db
    .select({
      item: cartItems,
      sku: skus,
      product: { id: products.id, name: products.name, enabled: products.enabled, slug: products.slug },
      groupUrl: groups.url,
    })
    .from(cartItems)
    .innerJoin(skus, eq(skus.id, cartItems.skuId))
    .innerJoin(products, eq(products.id, skus.productId))
    .leftJoin(groups, eq(groups.id, products.groupId))
    .where(eq(cartItems.cartId, cartId))
    .orderBy(asc(cartItems.id));
  if (rows.length === 0) return [];
  const skuIds = [...new Set(rows.map((r) => r.sku.id))];
  const productIds = [...new Set(rows.map((r) => r.product.id))];
  const addons = await db.select().from(skuAddons).where(inArray(skuAddons.skuId, skuIds));
  const photos = await db
    .select()
    .from(productPhotos)
    .where(inArray(productPhotos.productId, productIds))
    .orderBy(asc(productPhotos.sortOrder), asc(productPhotos.id));
  return rows.map((r) => {
    const chosen = addons
      .filter((a) => r.item.addonIds.includes(a.id) && a.skuId === r.sku.id)
      .sort((a, b) => a.sortOrder - b.sortOrder || a.id - b.id);
    return {
      item: r.item,
      sku: r.sku,
      product: {
        id: r.product.id,
        name: r.product.name,
        enabled: r.product.enabled,
        url: `/${r.groupUrl ? `${r.groupUrl.replace(/^\/+/, "")}/` : ""}${r.product.slug}`,
      },
      addons: chosen,
      priceCents: r.sku.priceCents + chosen.reduce((sum, a) => sum + a.priceCents, 0),
      canPurchaseQty: canPurchaseQty(r.sku, r.product.enabled),
      imageHash: photos.find((p) => p.productId === r.product.id)?.imageHash ?? null,
    };
  });
}

/** The lines as the API's `CartItem`s. */
export async function cartItemsJson(db: Db, lines: Line[]) {
  const images = await loadImageRecords(
    db,
    lines.map((l) => l.imageHash),
    { aspect: "1x1", width: 200 },
  );
  return lines.map((l) => {
    const image = l.imageHash ? images.get(l.imageHash) : undefined;
    return answer(cartItemSchema, {
      id: l.item.id,
      url: l.product.url,
      name: l.sku.name,
      product_name: l.product.name,
      sku_id: l.sku.id,
      sku: { id: l.sku.id, code: l.sku.code },
      addons: l.addons.map((a) => ({ id: a.id, name: a.name, price: centsToDollars(a.priceCents) })),
      qty: l.item.qty,
      price: centsToDollars(l.priceCents),
      image: image?.url ?? null,
      img: image ? { url: image.url, webp_url: image.webp_url, placeholder: image.placeholder } : null,
      subtotal: centsToDollars(l.priceCents * l.item.qty),
      can_purchase_qty: l.canPurchaseQty,
    });
  });
}
