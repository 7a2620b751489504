import { getCart, mergeCart } from "~/lib/api/shop.server";
import { getSettings } from "~/lib/api/site.server";
import type { Visitor } from "~/lib/visitor.server";

import { cartKey, rememberCart } from "./cart-session.server";

/**
 * At sign-in (every path goes through finishSignIn): the anonymous cart, when the visitor had one,
 * moves into the member's cart (mergeCart with the new token), and the session keeps the key and
 * count the CMS answers; without one, the member's own cart's count is read for the header. With
 * the shop closed nothing is asked. A failure never blocks the sign-in: the cart stays where it was.
 */
export async function mergeCartAtSignIn(visitor: Visitor, anonymousKey: string, accessToken: string) {
  try {
    const settings = await getSettings(visitor.anonymousTransport);
    if (settings.ecommerce !== true) return;
    const transport = visitor.transportWith(accessToken);
    const cart = anonymousKey ? await mergeCart(transport, anonymousKey) : await getCart(transport, "");
    rememberCart(visitor.session, cart);
  } catch (error) {
    console.warn(`[shop] the cart could not be merged at sign-in: ${(error as Error).message}`);
  }
}

/** The anonymous cart's key, read before the sign-in changes the session. */
export const anonymousCartKey = (visitor: Visitor) => (visitor.signedIn ? "" : cartKey(visitor.session));
