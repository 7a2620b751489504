/**
 * Delivery quote requests: an address outside the delivery zones, stored with the cart's lines of
 * the moment and mailed to the business (`organisation_email`), which answers by mail.
 */
import { answer } from "../contract/answer";
import { messageAnswerSchema } from "../contract/shop";
import type { Db } from "../db/client";
import { shippingQuoteRequests } from "../db/schema";
import type { Mailer } from "../mail/mailer";
import type { CartRow } from "./cart";
import { loadLines } from "./lines";
import { renderQuoteMail } from "./mail";
import { formatCents, shopSettings } from "./pricing";

export const QUOTE_REQUESTED = "Thank you: we will e-mail you a delivery quote soon";

/** Records a quote request for the address with the cart's lines and mails the business. */
export async function requestShippingQuote(
  db: Db,
  cart: CartRow | null,
  address: Record<string, string>,
  ctx: { mailer: Mailer; now: number },
) {
  const lines = cart ? await loadLines(db, cart.id) : [];
  const snapshot = lines.map((l) => ({
    sku_code: l.sku.code,
    name: `${l.product.name}: ${l.sku.name}`,
    addons: l.addons.map((a) => a.name),
    qty: l.item.qty,
    price_cents: l.priceCents,
  }));
  await db
    .insert(shippingQuoteRequests)
    .values({ cartId: cart?.id ?? null, address, lines: snapshot, createdAt: new Date(ctx.now) });
  const { business } = await shopSettings(db);
  if (business.email) {
    const text = snapshot.map(
      (l) =>
        `${l.qty} × ${l.name}${l.addons.length ? ` (${l.addons.join(", ")})` : ""} [${l.sku_code}]  ${formatCents(l.price_cents * l.qty)}`,
    );
    ctx.mailer.send({ to: business.email, ...renderQuoteMail(address, text) });
  }
  return answer(messageAnswerSchema, { success: true, message: QUOTE_REQUESTED });
}
