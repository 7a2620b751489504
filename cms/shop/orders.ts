/**
 * Orders (docs/shop.md, decision 075): placed once per idempotency key, in one transaction that
 * holds the member's cart, the SKUs (in id order) and the promotion code locked, takes the stock
 * off with a hold (`holds.ts`: back unless paid in time), writes the order with the prices of now,
 * draws the invoice number and starts the payment. A refusal writes nothing. Nothing the caller
 * says about a price is read. A promotion code's use is counted when the order is paid; a member
 * may use a code as often as its `per_member_limit` says, and have a few orders waiting at once.
 */
import { and, asc, count, eq, gt, inArray, sql } from "drizzle-orm";

import { type AddressInput, addressSchema } from "../accounts/addresses";
import { ApiError } from "../accounts/errors";
import { answer } from "../contract/answer";
import { submitOrderAnswerSchema } from "../contract/shop";
import type { Db } from "../db/client";
import { addresses, cartItems, invoiceCounter, orderItems, orders, skus } from "../db/schema";
import { findCart } from "./cart";
import { DEFAULT_HOLD_MINUTES, MAX_PENDING_ORDERS } from "./holds";
import { loadLines } from "./lines";
import { applyPromotion, countryCode, findPromotion, formatCents, shippingOptions, type ShopSettings } from "./pricing";
import { priceLines } from "./service";

export type OrderRow = typeof orders.$inferSelect;

export interface SubmitInput {
  address: number | Record<string, unknown>;
  shippingOptionId: number;
  note: string;
  promotionCode: string;
  url: string;
  idempotencyKey: string;
  /** The payment type chosen (`paymentGateway`): its surcharge is in the total. Default card. */
  paymentType?: string;
  /** The total the buyer was shown (cents): another total refuses the order (TOTAL_CHANGED). */
  expectedTotalCents?: number;
}

export interface SubmitContext {
  user: { id: number; email: string };
  settings: ShopSettings;
  now: number;
  /** How long the stock stays held for the payment (STOCK_HOLD_MINUTES). */
  holdMinutes?: number;
  startPayment: (
    tx: Db,
    input: { orderId: number; amountCents: number; surchargeCents: number; description: string; returnUrl: string },
  ) => Promise<{ paymentId: number; redirectUrl: string }>;
}

export interface SubmitAnswer {
  success: boolean;
  payment: string | null;
  message: string;
  order_id: number | null;
}

/** A business refusal: the transaction rolls back and the caller answers `success: false`. */
class Refusal extends Error {}

export const CART_EMPTY = "Your cart is empty";
export const NOTHING_TO_PAY = "An order of $0.00 cannot be paid online: please contact us";
export const NO_SUCH_SHIPPING = "This delivery option is not available for the address";
export const TOO_MANY_PENDING = `You have ${MAX_PENDING_ORDERS} orders waiting for payment: pay for one of them, or wait until its hold ends, before placing another`;
export const PROMOTION_ALREADY_USED = "You have already used this promotion code";
export const totalChanged = (total: string) => `The total is now ${total}: check the order and place it again`;
export const outOfStock = (name: string, left: number) =>
  left > 0 ? `Only ${left} of ${name} left in stock` : `${name} is out of stock`;

const answerOf = (order: OrderRow): SubmitAnswer =>
  answer(submitOrderAnswerSchema, {
    success: true,
    payment: order.status === "pending" ? order.paymentUrl : null,
    message: "Continue to the payment",
    order_id: order.id,
  });

/** A refusal's answer (nothing was ordered). */
const refused = (message: string): SubmitAnswer =>
  answer(submitOrderAnswerSchema, { success: false, payment: null, message, order_id: null });

async function orderByKey(db: Db, userId: number, key: string) {
  const [row] = await db
    .select()
    .from(orders)
    .where(and(eq(orders.userId, userId), eq(orders.idempotencyKey, key)))
    .limit(1);
  return row ?? null;
}

/** The address as the order keeps it: one of the member's (enabled), or a new one checked as addresses are. */
async function resolveAddress(db: Db, userId: number, address: SubmitInput["address"]): Promise<AddressInput> {
  if (typeof address === "number") {
    const [row] = await db
      .select()
      .from(addresses)
      .where(and(eq(addresses.id, address), eq(addresses.userId, userId), eq(addresses.enabled, true)));
    if (!row) throw new ApiError(400, "The given data was invalid", { errors: { address: ["must be your address"] } });
    return addressSchema.parse({
      display_name: row.displayName,
      first_name: row.firstName,
      last_name: row.lastName,
      email: row.email,
      phone: row.phone,
      company: row.company,
      street_address: row.streetAddress,
      street_address_1: row.streetAddress1,
      postcode: row.postcode,
      city: row.city,
      state: row.state,
      country: row.country,
    });
  }
  const parsed = addressSchema.safeParse(address);
  if (!parsed.success) {
    const errors: Record<string, string[]> = {};
    for (const issue of parsed.error.issues) (errors[`address.${issue.path.join(".")}`] ??= []).push(issue.message);
    throw new ApiError(400, "The given data was invalid", { errors });
  }
  return parsed.data;
}

/** The next invoice number, `INV-001001` on: drawn in the caller's transaction (no gaps). */
async function drawInvoiceNumber(tx: Db): Promise<string> {
  const [row] = await tx
    .insert(invoiceCounter)
    .values({ id: 1, value: 1001 })
    .onConflictDoUpdate({ target: invoiceCounter.id, set: { value: sql`${invoiceCounter.value} + 1` } })
    .returning();
  return `INV-${String(row.value).padStart(6, "0")}`;
}

/** The return address with the order's id as a last path segment. */
function returnAddress(url: string, orderId: number) {
  const address = new URL(url);
  address.pathname = `${address.pathname.replace(/\/+$/, "")}/${orderId}`;
  return address.toString();
}

/** Places the member's cart as an order (see the module's comment). */
export async function submitOrder(db: Db, ctx: SubmitContext, input: SubmitInput): Promise<SubmitAnswer> {
  const userId = ctx.user.id;
  const first = await orderByKey(db, userId, input.idempotencyKey);
  if (first) return answerOf(first);
  const address = await resolveAddress(db, userId, input.address);
  const shipping = shippingOptions(ctx.settings, {
    postcode: address.postcode,
    country: countryCode(address.country),
  }).find((o) => o.id === input.shippingOptionId);
  if (!shipping) return refused(NO_SUCH_SHIPPING);
  try {
    return await db.transaction(async (tx) => {
      // The cart's lock makes the member's parallel submits take turns; the second finds the first's order.
      const cart = await findCart(tx, { userId }, true);
      const again = await orderByKey(tx, userId, input.idempotencyKey);
      if (again) return answerOf(again);
      if (!cart) throw new Refusal(CART_EMPTY);
      const [{ pending }] = await tx
        .select({ pending: count() })
        .from(orders)
        .where(
          and(eq(orders.userId, userId), eq(orders.status, "pending"), gt(orders.holdExpiresAt, new Date(ctx.now))),
        );
      if (pending >= MAX_PENDING_ORDERS) throw new Refusal(TOO_MANY_PENDING);
      const items = await tx.select().from(cartItems).where(eq(cartItems.cartId, cart.id));
      if (items.length === 0) throw new Refusal(CART_EMPTY);
      const skuIds = [...new Set(items.map((i) => i.skuId))].sort((a, b) => a - b);
      const locked = await tx.select().from(skus).where(inArray(skus.id, skuIds)).orderBy(asc(skus.id)).for("update");
      const lines = await loadLines(tx, cart.id);
      for (const sku of locked) {
        const wanted = lines.filter((l) => l.sku.id === sku.id).reduce((sum, l) => sum + l.item.qty, 0);
        const line = lines.find((l) => l.sku.id === sku.id)!;
        const left = line.canPurchaseQty > 0 ? sku.stock : 0;
        if (wanted > left) throw new Refusal(outOfStock(line.sku.name, left));
      }
      const code = input.promotionCode.trim();
      const promotion = code ? { code, row: await findPromotion(tx, code, true) } : null;
      const priced = priceLines(lines, promotion, shipping, ctx.now, {
        surcharges: ctx.settings.surcharges,
        type: input.paymentType,
      });
      if (promotion) {
        const applied = applyPromotion(promotion.row, priced.subtotalCents, ctx.now);
        if (!applied.ok) throw new Refusal(applied.error);
        // Counted when paid (fulfilOrder); a member's own uses, paid or still payable, count here.
        const limit = promotion.row!.perMemberLimit;
        if (limit !== null) {
          const [{ used }] = await tx
            .select({ used: count() })
            .from(orders)
            .where(
              and(
                eq(orders.userId, userId),
                eq(orders.promotionCode, promotion.row!.code),
                inArray(orders.status, ["pending", "paid", "fulfilled", "refunded"]),
              ),
            );
          if (used >= limit) throw new Refusal(PROMOTION_ALREADY_USED);
        }
      }
      // The gateway takes no payment of $0: such an order (a code worth the whole cart) is refused.
      if (priced.totalCents <= 0) throw new Refusal(NOTHING_TO_PAY);
      // One quote: the amount charged is the total the buyer last saw, or nothing is ordered.
      if (input.expectedTotalCents !== undefined && input.expectedTotalCents !== priced.totalCents) {
        throw new Refusal(totalChanged(formatCents(priced.totalCents)));
      }
      const [order] = await tx
        .insert(orders)
        .values({
          userId,
          idempotencyKey: input.idempotencyKey,
          invoiceNumber: await drawInvoiceNumber(tx),
          address: Object.fromEntries(Object.entries(address).map(([k, v]) => [k, String(v)])),
          shippingName: shipping.name,
          shippingCents: shipping.amountCents,
          promotionCode: promotion?.row?.code ?? null,
          discountCents: priced.discountCents,
          subtotalCents: priced.subtotalCents,
          totalCents: priced.totalCents,
          taxCents: priced.taxCents,
          surchargeCents: priced.surchargeCents,
          note: input.note,
          createdAt: new Date(ctx.now),
          holdExpiresAt: new Date(ctx.now + (ctx.holdMinutes ?? DEFAULT_HOLD_MINUTES) * 60_000),
        })
        .returning();
      for (const l of lines) {
        await tx.insert(orderItems).values({
          orderId: order.id,
          skuId: l.sku.id,
          name: l.sku.name,
          productName: l.product.name,
          skuCode: l.sku.code,
          addons: l.addons.map((a) => ({ id: a.id, name: a.name, price_cents: a.priceCents })),
          qty: l.item.qty,
          priceCents: l.priceCents,
          isEvent: l.sku.isEvent,
          eventDate: l.sku.eventDate,
        });
        await tx
          .update(skus)
          .set({ stock: sql`${skus.stock} - ${l.item.qty}` })
          .where(eq(skus.id, l.sku.id));
      }
      const payment = await ctx.startPayment(tx, {
        orderId: order.id,
        amountCents: priced.totalCents - priced.surchargeCents,
        surchargeCents: priced.surchargeCents,
        description: `Order ${order.invoiceNumber}`,
        returnUrl: returnAddress(input.url, order.id),
      });
      const [placed] = await tx
        .update(orders)
        .set({ paymentId: payment.paymentId, paymentUrl: payment.redirectUrl })
        .where(eq(orders.id, order.id))
        .returning();
      await tx.delete(cartItems).where(eq(cartItems.cartId, cart.id));
      return answerOf(placed);
    });
  } catch (error) {
    if (error instanceof Refusal) return refused(error.message);
    // The same key's order written by a parallel call between our look and our insert.
    const raced = await orderByKey(db, userId, input.idempotencyKey);
    if (raced) return answerOf(raced);
    throw error;
  }
}
