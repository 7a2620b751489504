import type { Cart, CartPricing } from "@contract/shop";
import type { AppSession } from "~/lib/session.server";

/** A cart key as the CMS makes them: 32 random bytes, base64url (docs/shop.md). */
const CART_KEY = /^[A-Za-z0-9_-]{43}$/;

/** The session's cart key, or "" (none yet, or an older session's key the CMS never made). */
export function cartKey(session: AppSession): string {
  const key = session.get("cartSession");
  return typeof key === "string" && CART_KEY.test(key) ? key : "";
}

/** What getCart prices the cart with: the applied code, the address quoted for, the chosen option. */
export function cartPricing(session: AppSession): CartPricing {
  const pricing: CartPricing = {};
  const promo = session.get("cartPromo");
  const address = session.get("cartAddress");
  const shipping = session.get("cartShipping");
  if (promo) pricing.promotion_code = promo;
  if (address) pricing.shipping_address = address;
  if (typeof shipping === "number") pricing.shipping_type = shipping;
  return pricing;
}

/**
 * Keeps what the CMS answered: its key (only a key it made; an empty cart's "" keeps the one
 * there is) and the item count for the header.
 */
export function rememberCart(session: AppSession, cart: Pick<Cart, "sessionKey" | "item_count">) {
  if (CART_KEY.test(cart.sessionKey)) session.set("cartSession", cart.sessionKey);
  if (cart.item_count > 0) session.set("cartCount", cart.item_count);
  else session.unset("cartCount");
}

/** Everything of the cart the session holds goes (sign-out: the next visitor starts afresh). */
export function forgetCart(session: AppSession) {
  for (const key of ["cartSession", "cartCount", "cartPromo", "cartAddress", "cartShipping"] as const) {
    session.unset(key);
  }
}
