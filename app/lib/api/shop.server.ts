import {
  type CartPricing,
  cartSchema,
  messageAnswerSchema,
  type Order,
  orderAnswerSchema,
  ordersAnswerSchema,
  type OrderSummary,
  quoteAnswerSchema,
  type QuoteRequestAddress,
  type ShippingAddress,
  type ShippingOption,
  shopProductAnswerSchema,
  type Sku,
  type SubmitOrderAnswer,
  submitOrderAnswerSchema,
  type SubmitOrderBody,
  type Ticket,
  ticketsAnswerSchema,
} from "@contract/shop";

import { CacheNone } from "./cache-strategies";
import type { Transport } from "./transport.server";

/**
 * The shop's calls (docs/shop.md, prefix `/api/v1/sell`). Every answer is private to the visitor
 * (their cart, their orders), so none is cached. Errors arrive as UpstreamError: a 400 carries
 * `errors` per field, a 404 an unknown line, product or order, the shop closed.
 */

const SELL = "/api/v1/sell";

/** A product's SKUs with their stock and add-ons; null when the product is unknown or disabled. */
export async function getShopProduct(t: Transport, productId: number): Promise<Sku[] | null> {
  try {
    const answer = await t.get(`${SELL}/product/${productId}`, shopProductAnswerSchema, undefined, {
      cache: CacheNone,
    });
    return answer.data.skus;
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  }
}

const cart = (t: Transport, call: string, body: Record<string, unknown>) =>
  t.post(`${SELL}/cart/${call}`, cartSchema, body);

export const getCart = (t: Transport, session: string, pricing: CartPricing = {}) =>
  cart(t, "getCart", { session, ...pricing });
export const cartAdd = (t: Transport, body: { sku: number; qty: number; addons: number[]; session: string }) =>
  cart(t, "cartAdd", body);
export const cartUpdate = (t: Transport, body: { id: number; qty: number; session: string }) =>
  cart(t, "cartUpdate", body);
export const cartRemove = (t: Transport, body: { id: number; session: string }) => cart(t, "cartRemove", body);
/** Bearer: the anonymous cart's lines move into the member's cart, which is answered. */
export const mergeCart = (t: Transport, session: string) => cart(t, "mergeCart", { session });

export function shippingQuote(t: Transport, session: string, address: ShippingAddress): Promise<ShippingOption[]> {
  return t.post(`${SELL}/cart/shippingQuote`, quoteAnswerSchema, { session, ...address }).then((r) => r.data);
}

export function requestShippingQuote(t: Transport, session: string, address: QuoteRequestAddress) {
  return t.post(`${SELL}/cart/requestShippingQuote`, messageAnswerSchema, { session, address });
}

/** Bearer. In one transaction on the CMS: the order, its stock, the promotion's use, the payment. */
export function submitOrder(t: Transport, body: SubmitOrderBody): Promise<SubmitOrderAnswer> {
  return t.post(`${SELL}/cart/submitOrder`, submitOrderAnswerSchema, body);
}

export function listOrders(t: Transport): Promise<OrderSummary[]> {
  return t.get(`${SELL}/order`, ordersAnswerSchema, undefined, { cache: CacheNone }).then((r) => r.data);
}

const notFoundIsNull = <T>(error: unknown): T | null => {
  if ((error as { status?: number }).status === 404) return null;
  throw error;
};

/** The member's order; null for an unknown one or another member's. */
export function getOrder(t: Transport, id: number): Promise<Order | null> {
  return t
    .get(`${SELL}/order/${id}`, orderAnswerSchema, undefined, { cache: CacheNone })
    .then((r) => r.data)
    .catch((e: unknown) => notFoundIsNull<Order>(e));
}

/** A paid order's tickets; null when there are none to show (unknown, another's, or pending). */
export function getTickets(t: Transport, id: number): Promise<Ticket[] | null> {
  return t
    .get(`${SELL}/order/${id}/tickets`, ticketsAnswerSchema, undefined, { cache: CacheNone })
    .then((r) => r.data)
    .catch((e: unknown) => notFoundIsNull<Ticket[]>(e));
}
