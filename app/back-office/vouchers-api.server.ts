import { liabilityAnswerSchema, soldVouchersAnswerSchema } from "@contract/admin-sales";
import type { Transport } from "~/lib/api/transport.server";

import { ADMIN } from "./records-api.server";

/** The back-office's calls for sold gift vouchers (docs/back-office.md, "Vouchers"). */

export function listVouchers(t: Transport, query: { q?: string; page?: number; page_size?: number }) {
  return t.post(`${ADMIN}/voucher`, soldVouchersAnswerSchema, query);
}

export async function voucherLiability(t: Transport) {
  return (await t.post(`${ADMIN}/voucher/liability`, liabilityAnswerSchema, {})).data;
}
