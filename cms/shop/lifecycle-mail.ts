/** The mail of an order the owner marked fulfilled: its invoice number, the owner's note, a link to it. */
import type { Db } from "../db/client";
import type { orders } from "../db/schema";
import { renderMail } from "../mail/templates";
import { shopSettings } from "./pricing";

export async function renderFulfilmentMail(
  db: Db,
  language: string | null | undefined,
  order: typeof orders.$inferSelect,
  siteUrl?: string,
) {
  const { business } = await shopSettings(db);
  const { language: _language, ...message } = renderMail("order_sent", language, {
    site: business.name,
    invoice: order.invoiceNumber,
    note: order.fulfilmentNote || undefined,
    link: siteUrl ? `${siteUrl.replace(/\/+$/, "")}/invoice/${order.id}` : undefined,
  });
  return message;
}
