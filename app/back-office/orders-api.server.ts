import { shopOrderAnswerSchema, shopOrdersAnswerSchema } from "@contract/admin-sales";
import type { Transport } from "~/lib/api/transport.server";

import { ADMIN } from "./records-api.server";

/** The back-office's calls for the shop's orders (docs/back-office.md, "Orders"). */

export function listOrders(t: Transport, query: { q?: string; page?: number; page_size?: number }) {
  return t.post(`${ADMIN}/order`, shopOrdersAnswerSchema, query);
}

export function getOrder(t: Transport, id: number) {
  return t.post(`${ADMIN}/order/${id}`, shopOrderAnswerSchema, {});
}

/** Marks a paid order fulfilled; the note is mailed to the customer. */
export function fulfilOrder(t: Transport, id: number, body: { note: string }) {
  return t.post(`${ADMIN}/order/${id}/fulfil`, shopOrderAnswerSchema, body);
}

/** Cancels an order (a paid one is refunded in full); the key makes a repeat the same cancel. */
export function cancelOrder(t: Transport, id: number, body: { reason: string; key: string }) {
  return t.post(`${ADMIN}/order/${id}/cancel`, shopOrderAnswerSchema, body);
}

/** Refunds some (amount, dollars) or all of a paid order through its gateway. */
export function refundOrder(
  t: Transport,
  id: number,
  body: { amount?: number; restock: boolean; reason: string; key: string },
) {
  return t.post(`${ADMIN}/order/${id}/refund`, shopOrderAnswerSchema, body);
}
