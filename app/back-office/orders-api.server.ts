import { z } from "zod";

import type { Transport } from "~/lib/api/transport.server";

import { ADMIN } from "./records-api.server";

/** The back-office's calls for the shop's orders (docs/back-office.md, "Orders"). */

const memberSchema = z.object({ id: z.number(), email: z.string(), name: z.string() }).nullable();

const listAnswer = z.object({
  shop_open: z.boolean(),
  data: z.array(
    z.object({
      id: z.number(),
      invoice_number: z.string(),
      member: memberSchema,
      total_cents: z.number(),
      paid: z.boolean(),
      created_at: z.string(),
    }),
  ),
  num_items: z.number(),
  num_pages: z.number(),
  page: z.number(),
});

const orderAnswer = z.object({
  shop_open: z.boolean(),
  data: z.object({
    id: z.number(),
    invoice_number: z.string(),
    status: z.string(),
    created_at: z.string(),
    paid_at: z.string().nullable(),
    items: z.array(
      z.object({
        name: z.string(),
        sku_code: z.string(),
        addons: z.array(z.object({ name: z.string(), price: z.number() })),
        qty: z.number(),
        price: z.number(),
        subtotal: z.number(),
      }),
    ),
    subtotal: z.number(),
    promotion_code: z.string().nullable(),
    discount_amount: z.number(),
    shipping_name: z.string(),
    shipping_amount: z.number(),
    total_amount: z.number(),
    total_tax: z.number(),
    address: z.record(z.string(), z.string()),
    note: z.string(),
    member: memberSchema,
    payment: z
      .object({ status: z.string(), gateway: z.string(), amount_cents: z.number(), paid_at: z.string().nullable() })
      .nullable(),
  }),
});
export type ShopOrder = z.infer<typeof orderAnswer>["data"];

export function listOrders(t: Transport, query: { q?: string; page?: number; page_size?: number }) {
  return t.post(`${ADMIN}/order`, listAnswer, query);
}

export function getOrder(t: Transport, id: number) {
  return t.post(`${ADMIN}/order/${id}`, orderAnswer, {});
}
