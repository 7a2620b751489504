/** The site's clock: the `time_zone` setting of the site (the first domain), checked. */
import { asc } from "drizzle-orm";

import { siteTimeZone } from "../contract/site-clock";
import type { Db } from "../db/client";
import { domains } from "../db/schema";

/** The site's IANA time zone; Brisbane when no site is configured or its setting is unset or unknown. */
export async function getSiteTimeZone(db: Db) {
  const [domain] = await db.select({ settings: domains.settings }).from(domains).orderBy(asc(domains.id)).limit(1);
  return siteTimeZone(domain?.settings.time_zone);
}
