import type { AppLoadContext } from "@remix-run/node";

import type { ShippingOption } from "@contract/shop";
import { getCart, shippingQuote } from "~/lib/api/shop.server";
import { ensureCsrfToken } from "~/lib/csrf.server";

import { cartKey, cartPricing, rememberCart } from "./cart-session.server";
import { requireShop } from "./gate.server";

/**
 * The cart as the page shows it: priced by the CMS with the session's code, address and chosen
 * option, the shipping options for that address, and the form token. The session's count follows
 * what the CMS answered (the header's badge).
 */
export async function loadCartPage(request: Request, context: AppLoadContext) {
  await requireShop(request, context);
  const visitor = await context.visitor();
  const { session, transport } = visitor;
  const key = cartKey(session);
  const pricing = cartPricing(session);
  const address = session.get("cartAddress") ?? null;
  const [cart, options] = await Promise.all([
    getCart(transport, key, pricing),
    address && key ? shippingQuote(transport, key, address).catch((): ShippingOption[] => []) : Promise.resolve(null),
  ]);
  rememberCart(session, cart);
  return {
    cart,
    options,
    address,
    promo: session.get("cartPromo") ?? "",
    shipping: session.get("cartShipping") ?? null,
    csrf: ensureCsrfToken(session),
  };
}
export type CartPage = Awaited<ReturnType<typeof loadCartPage>>;
