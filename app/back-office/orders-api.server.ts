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
