/** The shop's seeds: `shop.json` (optional): a SKU per product with its add-ons, and promotion codes. */
import { eq } from "drizzle-orm";
import { z } from "zod";

import { isoDate } from "../accounts/validation";
import { dollarsToCents as cents } from "../contract/formats";
import type { Db } from "../db/client";
import { products, promotionCodes, skuAddons, skus } from "../db/schema";

const dollars = z.number().nonnegative().multipleOf(0.01);

const skuSeed = z
  .object({
    /** The product's slug. */
    product: z.string().min(1),
    code: z.string().regex(/^[A-Z0-9-]{3,60}$/),
    name: z.string().min(1),
    /** Dollars; absent: the product's price. */
    price: dollars.optional(),
    stock: z.number().int().min(0),
    is_event: z.boolean().default(false),
    event_date: isoDate.optional(),
    addons: z.array(z.object({ name: z.string().min(1), price: dollars })).default([]),
  })
  .refine((s) => !s.is_event || s.event_date, { message: "an event needs its event_date" });

const promotionSeed = z
  .object({
    code: z.string().regex(/^[A-Z0-9]{3,40}$/),
    kind: z.enum(["percent", "fixed"]),
    /** Percent, or dollars off. */
    value: z.number().positive(),
    starts_at: z.string().datetime({ offset: true }).optional(),
    ends_at: z.string().datetime({ offset: true }).optional(),
    min_subtotal: dollars.default(0),
    usage_limit: z.number().int().positive().optional(),
    used_count: z.number().int().min(0).default(0),
    per_member_limit: z.number().int().positive().optional(),
  })
  .refine((p) => p.kind !== "percent" || (Number.isInteger(p.value) && p.value <= 100), {
    message: "a percent is a whole number up to 100",
  });

/** The file's shape; an absent file reads as `[]`, which is no SKUs and no codes. */
export const shopSeedsSchema = z.preprocess(
  (raw) => (Array.isArray(raw) && raw.length === 0 ? {} : raw),
  z.object({
    skus: z.array(skuSeed).default([]),
    promotion_codes: z.array(promotionSeed).default([]),
  }),
);

export type ShopSeeds = z.infer<typeof shopSeedsSchema>;

/** Inserts the SKUs (each naming its product by slug) with their add-ons, and the promotion codes. */
export async function seedShop(db: Db, seeds: ShopSeeds) {
  for (const s of seeds.skus) {
    const [product] = await db.select().from(products).where(eq(products.slug, s.product)).limit(1);
    if (!product) throw new Error(`seeds/shop.json: ${s.code}: no product "${s.product}"`);
    const [row] = await db
      .insert(skus)
      .values({
        productId: product.id,
        code: s.code,
        name: s.name,
        priceCents: s.price === undefined ? product.priceCents : cents(s.price),
        stock: s.stock,
        isEvent: s.is_event,
        eventDate: s.event_date ?? null,
      })
      .returning({ id: skus.id });
    for (const [i, a] of s.addons.entries()) {
      await db.insert(skuAddons).values({ skuId: row.id, name: a.name, priceCents: cents(a.price), sortOrder: i });
    }
  }
  for (const p of seeds.promotion_codes) {
    await db.insert(promotionCodes).values({
      code: p.code,
      kind: p.kind,
      value: p.kind === "percent" ? p.value : cents(p.value),
      startsAt: p.starts_at ? new Date(p.starts_at) : null,
      endsAt: p.ends_at ? new Date(p.ends_at) : null,
      minSubtotalCents: cents(p.min_subtotal),
      usageLimit: p.usage_limit ?? null,
      usedCount: p.used_count,
      perMemberLimit: p.per_member_limit ?? null,
    });
  }
}
