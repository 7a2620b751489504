/**
 * The shop's service (docs/shop.md): the cart as the API answers it, priced on every call from
 * what is sent (promotion code, shipping option and address), and the shipping quote. Carts are in
 * cart.ts, orders in orders.ts, the sums in pricing.ts.
 */
import { answer } from "../contract/answer";
import { centsToDollars } from "../contract/formats";
import { cartSchema, shippingOptionSchema } from "../contract/shop";
import { type PaymentSurcharges, paymentTypeOf, surchargeCents } from "../contract/surcharges";
import type { Db } from "../db/client";
import type { CartRow } from "./cart";
import { cartItemsJson, type Line, loadLines } from "./lines";
import {
  applyPromotion,
  findPromotion,
  gstOf,
  type PromotionRow,
  type ShippingOption,
  shippingOptions,
  type ShopSettings,
} from "./pricing";

export interface PricingInput {
  promotionCode?: string;
  shippingType?: number;
  shippingAddress?: { suburb: string; postcode: string; country: string };
  /** The payment type the buyer chose (default card): its surcharge is in the total. */
  paymentType?: string;
}

export interface Priced {
  subtotalCents: number;
  promotionCode: string | null;
  promotionError: string | null;
  discountCents: number;
  shipping: ShippingOption | null;
  /** The payment type's surcharge on what is paid, included in the total. */
  surchargeCents: number;
  totalCents: number;
  taxCents: number;
}

/**
 * The sums of lines with a promotion code's row (undefined: no code sent), a shipping option and
 * the payment type's surcharge (on the lines less the discount plus the shipping).
 */
export function priceLines(
  lines: Pick<Line, "priceCents" | "item">[],
  promotion: { code: string; row: PromotionRow | null } | null,
  shipping: ShippingOption | null,
  now: number,
  payment: { surcharges: PaymentSurcharges; type?: string } = { surcharges: {} },
): Priced {
  const subtotalCents = lines.reduce((sum, l) => sum + l.priceCents * l.item.qty, 0);
  let discountCents = 0;
  let promotionError: string | null = null;
  if (promotion) {
    const applied = applyPromotion(promotion.row, subtotalCents, now);
    if (applied.ok) discountCents = applied.discountCents;
    else promotionError = applied.error;
  }
  const beforeSurcharge = subtotalCents - discountCents + (shipping?.amountCents ?? 0);
  const surcharge = surchargeCents(payment.surcharges, paymentTypeOf(payment.type), beforeSurcharge);
  const totalCents = beforeSurcharge + surcharge;
  return {
    subtotalCents,
    promotionCode: promotion ? promotion.code : null,
    promotionError,
    discountCents,
    shipping,
    surchargeCents: surcharge,
    totalCents,
    taxCents: gstOf(totalCents),
  };
}

/** The shipping option a `shipping_type` names among those for the address (all, with none). */
export function chosenShipping(settings: ShopSettings, input: PricingInput): ShippingOption | null {
  if (input.shippingType === undefined) return null;
  const address = input.shippingAddress ?? null;
  return shippingOptions(settings, address).find((o) => o.id === input.shippingType) ?? null;
}

export interface CartContext {
  settings: ShopSettings;
  now: number;
  paymentTypes: ReadonlyArray<{ id: string; name: string }>;
}

/** The cart as every cart call answers it (an unknown cart is an empty one with no key). */
export async function cartAnswer(db: Db, cart: CartRow | null, input: PricingInput, ctx: CartContext) {
  const lines = cart ? await loadLines(db, cart.id) : [];
  const code = input.promotionCode?.trim() ?? "";
  const promotion = code ? { code, row: await findPromotion(db, code) } : null;
  const priced = priceLines(lines, promotion, chosenShipping(ctx.settings, input), ctx.now, {
    surcharges: ctx.settings.surcharges,
    type: input.paymentType,
  });
  return answer(cartSchema, {
    item_count: lines.reduce((sum, l) => sum + l.item.qty, 0),
    items: await cartItemsJson(db, lines),
    subtotal: centsToDollars(priced.subtotalCents),
    sessionKey: cart && lines.length > 0 ? cart.sessionKey : "",
    all_in_stock: lines.every((l) => l.item.qty <= l.canPurchaseQty),
    promotion_code: priced.promotionCode,
    promotion_error: priced.promotionError,
    discount_amount: centsToDollars(priced.discountCents),
    shipping_type: priced.shipping?.id ?? null,
    shipping_amount: centsToDollars(priced.shipping?.amountCents ?? 0),
    surcharge_amount: centsToDollars(priced.surchargeCents),
    total_amount: centsToDollars(priced.totalCents),
    total_tax: centsToDollars(priced.taxCents),
    payment_types: ctx.paymentTypes,
  });
}

/** The shipping quote's answer: the zone the postcode falls in, then the pick-up. */
export function shippingQuote(settings: ShopSettings, address: { postcode: string; country: string }) {
  return shippingOptions(settings, address).map((o) =>
    answer(shippingOptionSchema, {
      shipping_type_id: o.id,
      shipping_name: o.name,
      amount: centsToDollars(o.amountCents),
      is_pick_up: o.isPickUp,
    }),
  );
}
