/**
 * Carts (docs/shop.md, decision 074): an anonymous cart is found only by its key, a member's only
 * by the member (at most one each; an anonymous call naming a member's key finds nothing). Lines
 * change inside a transaction holding the cart's row lock, so two adds at once both count and a
 * line never passes what can be bought.
 */
import { randomBytes } from "node:crypto";

import { and, eq, isNull } from "drizzle-orm";

import { ApiError } from "../accounts/errors";
import type { Db } from "../db/client";
import { cartItems, carts } from "../db/schema";
import { canPurchaseQty, findSaleSku, loadLines } from "./lines";

export type CartRow = typeof carts.$inferSelect;

/** Who a cart call is for: the signed-in member, else the anonymous cart's key (or none). */
export type CartOwner = { userId: number } | { key: string | null };

export const CART_ITEM_NOT_FOUND = "Cart item not found";

export const newCartKey = () => randomBytes(32).toString("base64url");

function invalid(field: string, message: string) {
  return new ApiError(400, "The given data was invalid", { errors: { [field]: [message] } });
}

/** The owner's cart (locked `for update` when `lock`), or null. */
export async function findCart(db: Db, owner: CartOwner, lock = false): Promise<CartRow | null> {
  let where;
  if ("userId" in owner) where = eq(carts.userId, owner.userId);
  else if (owner.key) where = and(eq(carts.sessionKey, owner.key), isNull(carts.userId));
  else return null;
  const query = db.select().from(carts).where(where).limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** The owner's cart, made (with a new key) when there is none; locked. */
async function cartForWrite(db: Db, owner: CartOwner, now: number): Promise<CartRow> {
  const found = await findCart(db, owner, true);
  if (found) return found;
  const userId = "userId" in owner ? owner.userId : null;
  const at = new Date(now);
  const [made] = await db
    .insert(carts)
    .values({ sessionKey: newCartKey(), userId, createdAt: at, updatedAt: at })
    .onConflictDoNothing()
    .returning();
  if (made) return made;
  // A member's parallel first add made it first: it is there now.
  const again = userId === null ? null : await findCart(db, { userId }, true);
  if (!again) throw new Error("Could not make a cart");
  return again;
}

/** The qty a line may hold, or the 400. */
function checkQty(qty: number, canBuy: number) {
  if (canBuy <= 0) throw invalid("qty", "is out of stock");
  if (qty > canBuy) throw invalid("qty", `must be at most ${canBuy}`);
}

export interface AddInput {
  skuId: number;
  qty: number;
  addonIds: number[];
}

/**
 * Adds pieces of a SKU with a set of add-ons: to its line when the cart has it, else a new line;
 * a new cart (with a new key) for an owner without one. Answers the cart.
 */
export async function addToCart(db: Db, owner: CartOwner, input: AddInput, now: number): Promise<CartRow> {
  const sale = await findSaleSku(db, input.skuId);
  if (!sale) throw invalid("sku", "must be a product on sale");
  const addonIds = [...new Set(input.addonIds)].sort((a, b) => a - b);
  if (addonIds.length !== input.addonIds.length) throw invalid("addons", "must name each add-on once");
  if (addonIds.some((id) => !sale.addons.some((a) => a.id === id))) {
    throw invalid("addons", "must be add-ons of this product");
  }
  const addonKey = addonIds.join(",");
  return db.transaction(async (tx) => {
    const cart = await cartForWrite(tx, owner, now);
    const [line] = await tx
      .select()
      .from(cartItems)
      .where(and(eq(cartItems.cartId, cart.id), eq(cartItems.skuId, sale.sku.id), eq(cartItems.addonKey, addonKey)));
    const qty = (line?.qty ?? 0) + input.qty;
    checkQty(qty, canPurchaseQty(sale.sku));
    if (line) await tx.update(cartItems).set({ qty }).where(eq(cartItems.id, line.id));
    else await tx.insert(cartItems).values({ cartId: cart.id, skuId: sale.sku.id, addonKey, addonIds, qty });
    await tx
      .update(carts)
      .set({ updatedAt: new Date(now) })
      .where(eq(carts.id, cart.id));
    return cart;
  });
}

/** The owner's line by id, under the cart's lock; 404 when it is not theirs. */
async function ownLine(tx: Db, owner: CartOwner, itemId: number) {
  const cart = await findCart(tx, owner, true);
  if (!cart) throw new ApiError(404, CART_ITEM_NOT_FOUND);
  const lines = await loadLines(tx, cart.id);
  const line = lines.find((l) => l.item.id === itemId);
  if (!line) throw new ApiError(404, CART_ITEM_NOT_FOUND);
  return { cart, line };
}

/** Sets a line's quantity (1–99, within what can be bought). */
export async function updateCartItem(db: Db, owner: CartOwner, itemId: number, qty: number): Promise<CartRow> {
  return db.transaction(async (tx) => {
    const { cart, line } = await ownLine(tx, owner, itemId);
    checkQty(qty, line.canPurchaseQty);
    await tx.update(cartItems).set({ qty }).where(eq(cartItems.id, itemId));
    return cart;
  });
}

/** Removes a line. */
export async function removeCartItem(db: Db, owner: CartOwner, itemId: number): Promise<CartRow> {
  return db.transaction(async (tx) => {
    const { cart } = await ownLine(tx, owner, itemId);
    await tx.delete(cartItems).where(eq(cartItems.id, itemId));
    return cart;
  });
}

/**
 * Moves the anonymous cart's lines into the member's (quantities added, capped at what can be
 * bought; lines of nothing on sale dropped) and deletes the anonymous cart. Answers the member's
 * cart, or null when they have none and there was nothing to move.
 */
export async function mergeCarts(db: Db, userId: number, key: string | null, now: number): Promise<CartRow | null> {
  return db.transaction(async (tx) => {
    const anonymous = await findCart(tx, { key }, true);
    const lines = anonymous ? await loadLines(tx, anonymous.id) : [];
    if (!anonymous) return findCart(tx, { userId });
    const mine = await cartForWrite(tx, { userId }, now);
    const own = await loadLines(tx, mine.id);
    for (const l of lines) {
      const existing = own.find((o) => o.sku.id === l.sku.id && o.item.addonKey === l.item.addonKey);
      const qty = Math.min((existing?.item.qty ?? 0) + l.item.qty, l.canPurchaseQty);
      if (existing && qty > 0) await tx.update(cartItems).set({ qty }).where(eq(cartItems.id, existing.item.id));
      else if (!existing && qty > 0) {
        await tx
          .insert(cartItems)
          .values({ cartId: mine.id, skuId: l.sku.id, addonKey: l.item.addonKey, addonIds: l.item.addonIds, qty });
      }
    }
    await tx.delete(carts).where(eq(carts.id, anonymous.id));
    await tx
      .update(carts)
      .set({ updatedAt: new Date(now) })
      .where(eq(carts.id, mine.id));
    return mine;
  });
}
