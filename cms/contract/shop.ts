/**
 * The shop (docs/shop.md, prefix `sell`): a product's SKUs, the cart as every cart call answers it,
 * shipping options, placing an order, and the member's orders and tickets. Amounts are dollars
 * (`formats.ts`), read leniently: an unreadable amount is 0.
 */
import { z } from "zod";

import { orEmpty } from "./lenient";

const money = z.coerce.number().catch(0);

export const addonSchema = z.object({ id: z.number(), name: orEmpty, price: money });
export type Addon = z.infer<typeof addonSchema>;

export const skuSchema = z.object({
  id: z.number(),
  code: orEmpty,
  name: orEmpty,
  price: money,
  stock: z.number().catch(0),
  can_purchase_qty: z.number().catch(0),
  is_event: z.boolean().catch(false),
  event_date: z.string().nullish(),
  addons: z.array(addonSchema).catch([]),
});
export type Sku = z.infer<typeof skuSchema>;

/** `GET sell/product/{id}`: the product's SKUs with their stock and add-ons. */
export const shopProductAnswerSchema = z.object({
  data: z.object({ product_id: z.number(), skus: z.array(skuSchema).catch([]) }),
});

export const cartItemSchema = z.object({
  id: z.number(),
  url: orEmpty,
  name: orEmpty,
  product_name: orEmpty,
  sku_id: z.number().nullish(),
  sku: z.object({ id: z.number(), code: orEmpty }).nullish(),
  addons: z.array(addonSchema).catch([]),
  qty: z.number(),
  price: money,
  subtotal: money,
  can_purchase_qty: z.number().catch(99),
});
export type CartItem = z.infer<typeof cartItemSchema>;

/** The answer of every `sell/cart/…` call that changes or reads the cart. */
export const cartSchema = z.object({
  item_count: z.number().catch(0),
  items: z.array(cartItemSchema).catch([]),
  subtotal: money,
  sessionKey: orEmpty,
  all_in_stock: z.boolean().catch(true),
  promotion_code: orEmpty,
  promotion_error: orEmpty,
  discount_amount: money,
  shipping_type: z.union([z.number(), z.string()]).nullish(),
  shipping_amount: money,
  /** The chosen payment type's surcharge (payment_surcharges), included in the total. */
  surcharge_amount: money,
  total_amount: money,
  total_tax: money,
  payment_types: z.array(z.object({ id: z.union([z.number(), z.string()]), name: orEmpty })).catch([]),
});
export type Cart = z.infer<typeof cartSchema>;

export const shippingOptionSchema = z.object({
  shipping_type_id: z.number(),
  shipping_name: orEmpty,
  amount: money,
  is_pick_up: z.boolean().catch(false),
});
export type ShippingOption = z.infer<typeof shippingOptionSchema>;

/** `POST sell/cart/shippingQuote`: the options for an address. */
export const quoteAnswerSchema = z.object({ data: z.array(shippingOptionSchema).catch([]) });

/** `POST sell/cart/requestShippingQuote`: the sentence to show. */
export const messageAnswerSchema = z.object({ success: z.boolean().catch(false), message: orEmpty });

/** `POST sell/cart/submitOrder`: the order, and the gateway's address to pay at. */
export const submitOrderAnswerSchema = z.object({
  success: z.boolean().catch(false),
  payment: orEmpty,
  message: orEmpty,
  order_id: z.union([z.number(), z.string()]).nullish(),
});
export type SubmitOrderAnswer = z.infer<typeof submitOrderAnswerSchema>;

export const ORDER_STATUSES = ["pending", "paid", "fulfilled", "cancelled", "refunded"] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

export const orderSummarySchema = z.object({
  id: z.number(),
  invoice_number: orEmpty,
  status: orEmpty,
  created_at: orEmpty,
  total_amount: money,
  refunded_amount: money,
});
export type OrderSummary = z.infer<typeof orderSummarySchema>;

/** `GET sell/order`: the member's orders. */
export const ordersAnswerSchema = z.object({ data: z.array(orderSummarySchema).catch([]) });

export const orderSchema = z.object({
  id: z.number(),
  invoice_number: orEmpty,
  /** pending → paid → fulfilled; cancelled (not paid, or by the owner); refunded (all of it). */
  status: z.enum(ORDER_STATUSES).catch("pending"),
  created_at: orEmpty,
  paid_at: z.string().nullish(),
  items: z
    .array(
      z.object({
        name: orEmpty,
        product_name: orEmpty,
        sku_code: orEmpty,
        addons: z.array(z.object({ name: orEmpty, price: money }).passthrough()).catch([]),
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
  shipping_name: orEmpty,
  shipping_amount: money,
  surcharge_amount: money,
  total_amount: money,
  total_tax: money,
  /** What has been given back; each refund is a line of the invoice's adjustment note. */
  refunded_amount: money,
  refunds: z.array(z.object({ amount: money, tax: money, created_at: orEmpty })).catch([]),
  fulfilled_at: z.string().nullish(),
  fulfilment_note: orEmpty,
  address: z.unknown(),
  note: orEmpty,
  payment: z.string().nullish(),
  business: z.object({ name: orEmpty, abn: orEmpty, address: orEmpty, email: orEmpty, phone: orEmpty }).catch({
    name: "",
    abn: "",
    address: "",
    email: "",
    phone: "",
  }),
});
export type Order = z.infer<typeof orderSchema>;

/** `GET sell/order/{id}`: the member's order (an invoice). */
export const orderAnswerSchema = z.object({ data: orderSchema });

export const ticketSchema = z.object({
  code: orEmpty,
  name: orEmpty,
  event_date: z.string().nullish(),
  holder: orEmpty,
});
export type Ticket = z.infer<typeof ticketSchema>;

/** `GET sell/order/{id}/tickets`: a paid order's tickets. */
export const ticketsAnswerSchema = z.object({ data: z.array(ticketSchema).catch([]) });

/**
 * The bodies the site sends: types, not interfaces, so the CMS's schemas may read them as open
 * records (`Accepts` in answer.ts).
 */

/** Where a cart is to be delivered, as the shipping quote takes it. */
export type ShippingAddress = {
  suburb: string;
  postcode: string;
  country: string;
};

/** What getCart prices the cart with (nothing of it is stored by the CMS). */
export type CartPricing = {
  promotion_code?: string;
  shipping_type?: number;
  shipping_address?: ShippingAddress;
  payment_type?: string;
};

/** The body of `POST sell/cart/requestShippingQuote`'s `address`. */
export type QuoteRequestAddress = {
  name: string;
  email: string;
  phone: string;
  street: string;
  suburb: string;
  postcode: string;
  state: string;
  country: string;
};

/** A delivery address typed at checkout (instead of one of the member's saved addresses). */
export type OrderAddress = {
  first_name: string;
  last_name: string;
  email: string;
  phone: string;
  street_address: string;
  city: string;
  postcode: string;
  state: string;
  country: string;
};

/** The body of `POST sell/cart/submitOrder`. */
export type SubmitOrderBody = {
  address: number | OrderAddress;
  shipping_option_id: number;
  paymentGateway: string;
  note: string;
  promotion_code: string;
  url: string;
  idempotency_key: string;
  session?: string;
  /** The total the buyer was shown (dollars): another total orders nothing. */
  expected_total?: number;
};
