/** The site's payment surcharges from the database (the rules are cms/contract/surcharges.ts). */
import { asc } from "drizzle-orm";

import { type PaymentSurcharges, surchargesOf } from "../contract/surcharges";
import type { Db } from "../db/client";
import { domains } from "../db/schema";

export * from "../contract/surcharges";

/** The site's surcharges (the first domain's settings). */
export async function siteSurcharges(db: Db): Promise<PaymentSurcharges> {
  const [domain] = await db.select({ settings: domains.settings }).from(domains).orderBy(asc(domains.id)).limit(1);
  return surchargesOf(domain?.settings);
}
