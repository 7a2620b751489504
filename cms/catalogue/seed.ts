/** The catalogue area's seeds: `products.json` (optional), each product in a catalogue group by slug. */
import { z } from "zod";

import type { Db } from "../db/client";
import { productPhotos, products } from "../db/schema";
import { type SeedHelpers, sortOrders } from "../seeding/helpers";

export const productSeedsSchema = z
  .array(
    z.object({
      group: z.string(),
      name: z.string(),
      slug: z.string(),
      description: z.string().default(""),
      // The facts list's entries, each agreeing with the description; "" or absent = not shown.
      dimensions: z.string().max(200).default(""),
      timber: z.string().max(100).default(""),
      finish: z.string().max(200).default(""),
      price: z.number().nonnegative(),
      photos: z.array(z.string()).default([]),
    }),
  )
  .default([]);

type ProductSeed = z.infer<typeof productSeedsSchema>[number];

/** Inserts the products (sort orders count up within each group) and their photos. */
export async function seedProducts(db: Db, seeds: ProductSeed[], h: SeedHelpers) {
  const nextOrder = sortOrders();
  for (const p of seeds) {
    const groupId = h.groupId(p.group, "Product");
    const [row] = await db
      .insert(products)
      .values({
        groupId,
        name: p.name,
        slug: p.slug,
        description: p.description,
        dimensions: p.dimensions,
        timber: p.timber,
        finish: p.finish,
        priceCents: Math.round(p.price * 100),
        sortOrder: nextOrder(groupId),
      })
      .returning({ id: products.id });
    for (const [i, file] of p.photos.entries()) {
      const imageHash = await h.imageHash(file);
      if (!imageHash) throw new Error(`seeds/products.json: ${p.slug}: photo ${i} names no image`);
      await db.insert(productPhotos).values({ productId: row.id, imageHash, sortOrder: i });
    }
  }
}
