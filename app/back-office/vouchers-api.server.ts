import { z } from "zod";

import type { Transport } from "~/lib/api/transport.server";

import { ADMIN } from "./records-api.server";

/** The back-office's calls for sold gift vouchers (docs/back-office.md, "Vouchers"). */

const voucherSchema = z.object({
  id: z.number(),
  code: z.string().nullable(),
  amount_cents: z.number(),
  theme: z.string().nullable(),
  buyer_email: z.string(),
  paid: z.boolean(),
  created_at: z.string(),
  redeemed_at: z.string().nullable(),
});
export type SoldVoucher = z.infer<typeof voucherSchema>;

const listAnswer = z.object({
  data: z.array(voucherSchema),
  num_items: z.number(),
  num_pages: z.number(),
  page: z.number(),
});

const liabilityAnswer = z.object({
  data: z.array(z.object({ month: z.string(), issued: z.number(), redeemed: z.number(), outstanding: z.number() })),
});

export function listVouchers(t: Transport, query: { q?: string; page?: number; page_size?: number }) {
  return t.post(`${ADMIN}/voucher`, listAnswer, query);
}

export async function voucherLiability(t: Transport) {
  return (await t.post(`${ADMIN}/voucher/liability`, liabilityAnswer, {})).data;
}
