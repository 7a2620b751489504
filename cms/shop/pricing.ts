/**
 * The shop's settings and prices (docs/shop.md): whether the shop is open (`ecommerce`), the
 * delivery zones and the pick-up, the business that sells, and the sums: discount, shipping,
 * total and the GST it includes. Integer cents throughout; worked out on every call, never stored
 * until an order is placed (decision 073).
 */
import { eq } from "drizzle-orm";
import { z } from "zod";

import { centsToDollars, dollarsToCents, formatMoney } from "../contract/formats";
import { siteTimeZone } from "../contract/site-clock";
import { type PaymentSurcharges, surchargesOf } from "../contract/surcharges";
import type { Db } from "../db/client";
import { promotionCodes } from "../db/schema";
import { getCurrentDomain } from "../site/service";

/** "4000-4179" or "4561": an inclusive range of postcodes. */
const postcodeRange = z
  .string()
  .regex(/^\d{4}(-\d{4})?$/)
  .transform((v) => {
    const [from, to = from] = v.split("-").map(Number);
    return { from, to };
  });

const zoneSchema = z.object({
  id: z.number().int().positive(),
  name: z.string().min(1),
  amount: z.number().nonnegative(),
  country: z.string().length(2).default("AU"),
  postcodes: z.array(postcodeRange).default([]),
});

const pickupSchema = z.object({ id: z.number().int().positive(), name: z.string().min(1), amount: z.number().min(0) });

export interface ShippingOption {
  id: number;
  name: string;
  amountCents: number;
  isPickUp: boolean;
}

export interface Business {
  name: string;
  abn: string;
  address: string;
  email: string;
  phone: string;
}

export interface ShopSettings {
  open: boolean;
  zones: Array<z.infer<typeof zoneSchema>>;
  pickup: ShippingOption | null;
  business: Business;
  /** The card surcharge and any other payment type's (payment_surcharges). */
  surcharges: PaymentSurcharges;
  /** The site's time zone (time_zone): dates on invoices and in mails are its days. */
  timeZone: string;
}

/** The shop's settings from the site's (the first domain's); bad zone entries are left out. */
export async function shopSettings(db: Db): Promise<ShopSettings> {
  const site = ((await getCurrentDomain(db)) ?? {}) as Record<string, unknown>;
  const text = (key: string) => (typeof site[key] === "string" ? (site[key] as string).trim() : "");
  const zones = (Array.isArray(site.shipping_zones) ? site.shipping_zones : [])
    .map((z) => zoneSchema.safeParse(z))
    .flatMap((r) => (r.success ? [r.data] : []));
  const pickup = pickupSchema.safeParse(site.shipping_pickup);
  return {
    open: site.ecommerce === true,
    zones,
    pickup: pickup.success
      ? { id: pickup.data.id, name: pickup.data.name, amountCents: dollarsToCents(pickup.data.amount), isPickUp: true }
      : null,
    business: {
      name: text("organisation_name") || text("name") || "Dovetail",
      abn: text("organisation_abn"),
      address: text("organisation_address"),
      email: text("organisation_email"),
      phone: text("organisation_phone"),
    },
    surcharges: surchargesOf(site),
    timeZone: siteTimeZone(typeof site.time_zone === "string" ? site.time_zone : undefined),
  };
}

const COUNTRY_NAMES: Record<string, string> = { australia: "AU" };

/** A country as its two-letter code ("Australia" → "AU"). */
export function countryCode(country: string): string {
  const v = country.trim();
  return COUNTRY_NAMES[v.toLowerCase()] ?? v.toUpperCase();
}

/**
 * The shipping options for an address: the zone its postcode falls in (the first that matches),
 * then the pick-up. With no address (null), every zone and the pick-up.
 */
export function shippingOptions(
  settings: ShopSettings,
  address: { postcode: string; country: string } | null,
): ShippingOption[] {
  const options: ShippingOption[] = [];
  const asOption = (z: ShopSettings["zones"][number]) => ({
    id: z.id,
    name: z.name,
    amountCents: dollarsToCents(z.amount),
    isPickUp: false,
  });
  if (address) {
    const code = countryCode(address.country);
    const postcode = /^\d{4}$/.test(address.postcode.trim()) ? Number(address.postcode.trim()) : NaN;
    const zone = settings.zones.find(
      (z) => z.country === code && z.postcodes.some((r) => postcode >= r.from && postcode <= r.to),
    );
    if (zone) options.push(asOption(zone));
  } else {
    options.push(...settings.zones.map(asOption));
  }
  if (settings.pickup) options.push(settings.pickup);
  return options;
}

export const PROMOTION_NOT_VALID = "This promotion code is not valid";
export const PROMOTION_EXPIRED = "This promotion code has expired";
export const PROMOTION_USED_UP = "This promotion code has been used up";
export const promotionBelowMinimum = (minCents: number) =>
  `Spend at least $${(minCents / 100).toFixed(2)} to use this promotion code`;

export type PromotionRow = typeof promotionCodes.$inferSelect;

/** A code as stored: trimmed, upper case. */
export const normalisePromotionCode = (code: string) => code.trim().toUpperCase();

/** The promotion code's row (locked `for update` when `lock`), or null. */
export async function findPromotion(db: Db, code: string, lock = false): Promise<PromotionRow | null> {
  const query = db
    .select()
    .from(promotionCodes)
    .where(eq(promotionCodes.code, normalisePromotionCode(code)))
    .limit(1);
  const [row] = lock ? await query.for("update") : await query;
  return row ?? null;
}

/** The discount a code gives on a subtotal at `now`, or why it is refused. Never more than the subtotal. */
export function applyPromotion(
  row: PromotionRow | null,
  subtotalCents: number,
  now: number,
): { ok: true; discountCents: number } | { ok: false; error: string } {
  if (!row || (row.startsAt && row.startsAt.getTime() > now)) return { ok: false, error: PROMOTION_NOT_VALID };
  if (row.endsAt && row.endsAt.getTime() < now) return { ok: false, error: PROMOTION_EXPIRED };
  if (row.usageLimit !== null && row.usedCount >= row.usageLimit) return { ok: false, error: PROMOTION_USED_UP };
  if (subtotalCents < row.minSubtotalCents) return { ok: false, error: promotionBelowMinimum(row.minSubtotalCents) };
  const discount = row.kind === "percent" ? Math.round((subtotalCents * row.value) / 100) : row.value;
  return { ok: true, discountCents: Math.max(0, Math.min(discount, subtotalCents)) };
}

/** The GST (1/11) included in a total that includes it. */
export const gstOf = (totalCents: number) => Math.round(totalCents / 11);

/** Cents as text, "$1,234.50" (the contract's money format, as the site shows it). */
export const formatCents = (cents: number) => formatMoney(centsToDollars(cents));
