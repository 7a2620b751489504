import { z } from "zod";

import { CacheNone } from "./cache-strategies";
import type { Transport } from "./transport.server";

/**
 * The shop's calls (docs/shop.md, prefix `/api/v1/sell`). Every answer is private to the visitor
 * (their cart, their orders), so none is cached. Errors arrive as UpstreamError: a 400 carries
 * `errors` per field, a 404 an unknown line, product or order, the shop closed.
 */

const SELL = "/api/v1/sell";
const money = z.coerce.number().catch(0);
const str = z
  .string()
  .nullish()
  .transform((v) => v ?? "");

export const addonSchema = z.object({ id: z.number(), name: str, price: money });
export type Addon = z.infer<typeof addonSchema>;

export const skuSchema = z.object({
  id: z.number(),
  code: str,
  name: str,
  price: money,
  stock: z.number().catch(0),
  can_purchase_qty: z.number().catch(0),
  is_event: z.boolean().catch(false),
  event_date: z.string().nullish(),
  addons: z.array(addonSchema).catch([]),
});
export type Sku = z.infer<typeof skuSchema>;

const productAnswer = z.object({ data: z.object({ product_id: z.number(), skus: z.array(skuSchema).catch([]) }) });

/** A product's SKUs with their stock and add-ons; null when the product is unknown or disabled. */
export async function getShopProduct(t: Transport, productId: number): Promise<Sku[] | null> {
  try {
    const answer = await t.get(`${SELL}/product/${productId}`, productAnswer, undefined, { cache: CacheNone });
    return answer.data.skus;
  } catch (error) {
    if ((error as { status?: number }).status === 404) return null;
    throw error;
  }
}

export const cartItemSchema = z.object({
  id: z.number(),
  url: str,
  name: str,
  product_name: str,
  sku_id: z.number().nullish(),
  sku: z.object({ id: z.number(), code: str }).nullish(),
  addons: z.array(addonSchema).catch([]),
  qty: z.number(),
  price: money,
  subtotal: money,
  can_purchase_qty: z.number().catch(99),
});
export type CartItem = z.infer<typeof cartItemSchema>;

export const cartSchema = z.object({
  item_count: z.number().catch(0),
  items: z.array(cartItemSchema).catch([]),
  subtotal: money,
  sessionKey: str,
  all_in_stock: z.boolean().catch(true),
  promotion_code: str,
  promotion_error: str,
  discount_amount: money,
  shipping_type: z.union([z.number(), z.string()]).nullish(),
  shipping_amount: money,
  total_amount: money,
  total_tax: money,
  payment_types: z.array(z.object({ id: z.union([z.number(), z.string()]), name: str })).catch([]),
});
export type Cart = z.infer<typeof cartSchema>;

export interface ShippingAddress {
  suburb: string;
  postcode: string;
  country: string;
}

/** What getCart prices the cart with (nothing of it is stored by the CMS). */
export interface CartPricing {
  promotion_code?: string;
  shipping_type?: number;
  shipping_address?: ShippingAddress;
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

export const shippingOptionSchema = z.object({
  shipping_type_id: z.number(),
  shipping_name: str,
  amount: money,
  is_pick_up: z.boolean().catch(false),
});
export type ShippingOption = z.infer<typeof shippingOptionSchema>;

const quoteAnswer = z.object({ data: z.array(shippingOptionSchema).catch([]) });

export function shippingQuote(t: Transport, session: string, address: ShippingAddress): Promise<ShippingOption[]> {
  return t.post(`${SELL}/cart/shippingQuote`, quoteAnswer, { session, ...address }).then((r) => r.data);
}

export interface QuoteRequestAddress {
  name: string;
  email: string;
  phone: string;
  street: string;
  suburb: string;
  postcode: string;
  state: string;
  country: string;
}

const messageAnswer = z.object({ success: z.boolean().catch(false), message: str });

export function requestShippingQuote(t: Transport, session: string, address: QuoteRequestAddress) {
  return t.post(`${SELL}/cart/requestShippingQuote`, messageAnswer, { session, address });
}

export interface OrderAddress {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  street_address: string;
  city: string;
  postcode: string;
  state: string;
  country: string;
}

const submitAnswer = z.object({
  success: z.boolean().catch(false),
  payment: str,
  message: str,
  order_id: z.union([z.number(), z.string()]).nullish(),
});
export type SubmitAnswer = z.infer<typeof submitAnswer>;

/** Bearer. In one transaction on the CMS: the order, its stock, the promotion's use, the payment. */
export function submitOrder(
  t: Transport,
  body: {
    address: number | OrderAddress;
    shipping_option_id: number;
    paymentGateway: string;
    note: string;
    promotion_code: string;
    url: string;
    idempotency_key: string;
    session?: string;
  },
): Promise<SubmitAnswer> {
  return t.post(`${SELL}/cart/submitOrder`, submitAnswer, body);
}

export const orderSummarySchema = z.object({
  id: z.number(),
  invoice_number: str,
  status: str,
  created_at: str,
  total_amount: money,
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

export function listOrders(t: Transport): Promise<OrderSummary[]> {
  return t
    .get(`${SELL}/order`, z.object({ data: z.array(orderSummarySchema).catch([]) }), undefined, { cache: CacheNone })
    .then((r) => r.data);
}

export const orderSchema = z.object({
  id: z.number(),
  invoice_number: str,
  status: z.enum(["pending", "paid"]).catch("pending"),
  created_at: str,
  paid_at: z.string().nullish(),
  items: z
    .array(
      z.object({
        name: str,
        product_name: str,
        sku_code: str,
        addons: z.array(z.object({ name: str, price: money }).passthrough()).catch([]),
        qty: z.number().catch(1),
        price: money,
        subtotal: money,
        is_event: z.boolean().catch(false),
      }),
    )
    .catch([]),
  subtotal: money,
  promotion_code: z.string().nullish(),
  discount_amount: money,
  shipping_name: str,
  shipping_amount: money,
  total_amount: money,
  total_tax: money,
  address: z.unknown(),
  note: str,
  payment: z.string().nullish(),
  business: z.object({ name: str, abn: str, address: str, email: str, phone: str }).catch({
    name: "",
    abn: "",
    address: "",
    email: "",
    phone: "",
  }),
});
export type Order = z.infer<typeof orderSchema>;

const notFoundIsNull = <T>(error: unknown): T | null => {
  if ((error as { status?: number }).status === 404) return null;
  throw error;
};

/** The member's order; null for an unknown one or another member's. */
export function getOrder(t: Transport, id: number): Promise<Order | null> {
  return t
    .get(`${SELL}/order/${id}`, z.object({ data: orderSchema }), undefined, { cache: CacheNone })
    .then((r) => r.data)
    .catch((e: unknown) => notFoundIsNull<Order>(e));
}

export const ticketSchema = z.object({ code: str, name: str, event_date: z.string().nullish(), holder: str });
export type Ticket = z.infer<typeof ticketSchema>;

/** A paid order's tickets; null when there are none to show (unknown, another's, or pending). */
export function getTickets(t: Transport, id: number): Promise<Ticket[] | null> {
  return t
    .get(`${SELL}/order/${id}/tickets`, z.object({ data: z.array(ticketSchema).catch([]) }), undefined, {
      cache: CacheNone,
    })
    .then((r) => r.data)
    .catch((e: unknown) => notFoundIsNull<Ticket[]>(e));
}
