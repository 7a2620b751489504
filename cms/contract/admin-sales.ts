/** The admin API's sold gift vouchers and shop orders (docs/back-office.md, "Vouchers", "Orders"), read-only. */
import { z } from "zod";

const memberSchema = z.object({ id: z.number(), email: z.string(), name: z.string() }).nullable();

/**
 * A sold voucher. `status` is what it is at the CMS's now: an issued one past its expiry is
 * "expired". `balance_cents` is what it is still worth: its amount while issued, else 0.
 * `expires_at` is null while pending and for vouchers issued before expiries; `redeemed_by` is
 * null when unredeemed or the member's account is gone.
 */
export const soldVoucherSchema = z.object({
  id: z.number(),
  code: z.string().nullable(),
  amount_cents: z.number(),
  theme: z.string().nullable(),
  buyer_email: z.string(),
  status: z.enum(["pending", "issued", "redeemed", "expired"]),
  paid: z.boolean(),
  created_at: z.string(),
  expires_at: z.string().nullable(),
  balance_cents: z.number(),
  redeemed_at: z.string().nullable(),
  redeemed_by: memberSchema,
});
export type SoldVoucher = z.infer<typeof soldVoucherSchema>;

/** `voucher`: a page of sold vouchers. */
export const soldVouchersAnswerSchema = z.object({
  data: z.array(soldVoucherSchema),
  num_items: z.number(),
  num_pages: z.number(),
  page: z.number(),
});

/**
 * `voucher/liability`, in dollars: by month the value issued, redeemed and expired unredeemed, and
 * what was outstanding at the month's end; `outstanding`, what the vouchers are still worth now.
 */
export const liabilityAnswerSchema = z.object({
  data: z.array(
    z.object({
      month: z.string(),
      issued: z.number(),
      redeemed: z.number(),
      expired: z.number(),
      outstanding: z.number(),
    }),
  ),
  outstanding: z.number(),
});
export type LiabilityMonthAnswer = z.infer<typeof liabilityAnswerSchema>["data"][number];

/** `order`: a page of the shop's orders, and whether the shop is open. */
export const shopOrdersAnswerSchema = z.object({
  shop_open: z.boolean(),
  data: z.array(
    z.object({
      id: z.number(),
      invoice_number: z.string(),
      member: memberSchema,
      total_cents: z.number(),
      refunded_cents: z.number(),
      /** pending | paid | fulfilled | cancelled | refunded */
      status: z.string(),
      paid: z.boolean(),
      created_at: z.string(),
    }),
  ),
  num_items: z.number(),
  num_pages: z.number(),
  page: z.number(),
});

/** `order/{id}`: one order with its lines, address, member and payment. */
export const shopOrderAnswerSchema = z.object({
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
    surcharge_amount: z.number(),
    total_amount: z.number(),
    total_tax: z.number(),
    refunded_amount: z.number(),
    fulfilled_at: z.string().nullable(),
    fulfilment_note: z.string(),
    cancel_reason: z.string().nullable(),
    restocked: z.boolean(),
    address: z.record(z.string(), z.string()),
    note: z.string(),
    member: memberSchema,
    payment: z
      .object({
        status: z.string(),
        gateway: z.string(),
        amount_cents: z.number(),
        paid_at: z.string().nullable(),
        /** Every refund asked for, failed ones too, with the gateway's reference. */
        refunds: z.array(
          z.object({
            amount_cents: z.number(),
            status: z.string(),
            gateway_ref: z.string().nullable(),
            reason: z.string(),
            failure: z.string().nullable(),
            created_at: z.string(),
          }),
        ),
      })
      .nullable(),
  }),
});
export type ShopOrder = z.infer<typeof shopOrderAnswerSchema>["data"];
