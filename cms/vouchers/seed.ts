/** The vouchers area's seeds: `voucher-themes.json` (optional). */
import { z } from "zod";

import type { Db } from "../db/client";
import { voucherThemes } from "../db/schema";
import type { SeedHelpers } from "../seeding/helpers";

export const voucherThemeSeedsSchema = z
  .array(z.object({ name: z.string(), image: z.string().min(1).optional() }))
  .default([]);

type VoucherThemeSeed = z.infer<typeof voucherThemeSeedsSchema>[number];

/** Inserts the voucher themes, in file order. */
export async function seedVoucherThemes(db: Db, seeds: VoucherThemeSeed[], h: SeedHelpers) {
  for (const [i, v] of seeds.entries()) {
    await db.insert(voucherThemes).values({ name: v.name, imageHash: await h.imageHash(v.image), sortOrder: i });
  }
}
