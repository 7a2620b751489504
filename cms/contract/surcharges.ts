/**
 * Payment surcharges (spec section 7, decision 117): the site setting `payment_surcharges` says,
 * per payment type, a percentage and/or a fixed amount (dollars) added to what is paid:
 *
 *   { "card": { "percent": 1.5, "fixed": 0.3 } }
 *
 * Default none. The only payment type today is "card" (whichever gateway takes it). The surcharge
 * is worked out once, on the server, in integer cents: the cart and checkout show it as its own
 * line, the order stores it, and the gateway, the invoice and the mail show that same figure.
 */
import { z } from "zod";

/** The payment types a buyer can choose; the cart answers them as `payment_types`. */
export const PAYMENT_TYPES = [{ id: "card", name: "Card" }] as const;
export type PaymentType = (typeof PAYMENT_TYPES)[number]["id"];
export const DEFAULT_PAYMENT_TYPE: PaymentType = "card";

const ruleSchema = z
  .object({
    percent: z.number().min(0, "must be 0 or more").max(20, "must be at most 20").default(0),
    fixed: z.number().min(0, "must be 0 or more").max(100, "must be at most 100").default(0),
  })
  .strict();

export type SurchargeRule = z.infer<typeof ruleSchema>;

/** The setting as the back-office saves it: payment type → rule. */
export const paymentSurchargesSchema = z.record(
  z.enum(["card"], { message: "must be a payment type: card" }),
  ruleSchema,
);
export type PaymentSurcharges = z.infer<typeof paymentSurchargesSchema>;

/** The setting's value from the site's settings; anything unreadable is no surcharge. */
export function surchargesOf(settings: Record<string, unknown> | null | undefined): PaymentSurcharges {
  const parsed = paymentSurchargesSchema.safeParse(settings?.payment_surcharges ?? {});
  return parsed.success ? parsed.data : {};
}

/** The surcharge in cents on an amount (cents) paid by a payment type. */
export function surchargeCents(surcharges: PaymentSurcharges, type: string, amountCents: number): number {
  const rule = surcharges[type as PaymentType];
  if (!rule || amountCents <= 0) return 0;
  return Math.round((amountCents * rule.percent) / 100) + Math.round(rule.fixed * 100);
}

/** The card's rule, or null when cards carry no surcharge (what the site tells a buyer before paying). */
export function cardSurcharge(settings: Record<string, unknown> | null | undefined): SurchargeRule | null {
  const rule = surchargesOf(settings).card;
  return rule && (rule.percent > 0 || rule.fixed > 0) ? rule : null;
}

/** The payment type a buyer chose, or the default one for anything else. */
export const paymentTypeOf = (chosen: string | null | undefined): PaymentType =>
  PAYMENT_TYPES.find((p) => p.id === chosen)?.id ?? DEFAULT_PAYMENT_TYPE;
