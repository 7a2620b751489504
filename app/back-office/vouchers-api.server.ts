import { liabilityAnswerSchema, soldVouchersAnswerSchema } from "@contract/admin-sales";
import type { Transport } from "~/lib/api/transport.server";

import { ADMIN } from "./records-api.server";

/** The back-office's calls for sold gift vouchers (docs/back-office.md, "Vouchers"). */

export function listVouchers(t: Transport, query: { q?: string; page?: number; page_size?: number }) {
  return t.post(`${ADMIN}/voucher`, soldVouchersAnswerSchema, query);
}

/** The liability by month and what the vouchers are still worth now, in dollars. */
export async function voucherLiability(t: Transport) {
  const { data, outstanding } = await t.post(`${ADMIN}/voucher/liability`, liabilityAnswerSchema, {});
  return { months: data, outstanding };
}
