/** The site area's seeds: `domain.json`, `links.json` and `redirects.json`. */
import { z } from "zod";

import type { Db } from "../db/client";
import { domains, links, redirects } from "../db/schema";

export const domainSeedSchema = z.object({ name: z.string(), settings: z.record(z.unknown()) });
export const linkSeedsSchema = z.array(
  z.object({ parent: z.string(), name: z.string(), link: z.string(), icon: z.string().default("") }),
);
export const redirectSeedsSchema = z.array(z.object({ from: z.string(), to: z.string() }));

/** Whether a site is there already (the domain row goes in first). */
export async function hasDomain(db: Db) {
  return (await db.select({ id: domains.id }).from(domains).limit(1)).length > 0;
}

export async function seedDomain(db: Db, domain: z.infer<typeof domainSeedSchema>) {
  await db.insert(domains).values({ name: domain.name, settings: domain.settings });
}

/** The navigation links (sort orders in file order) and the redirect table. */
export async function seedNavigation(
  db: Db,
  seeds: { links: z.infer<typeof linkSeedsSchema>; redirects: z.infer<typeof redirectSeedsSchema> },
) {
  if (seeds.links.length) {
    await db.insert(links).values(seeds.links.map((l, i) => ({ ...l, sortOrder: i })));
  }
  if (seeds.redirects.length) {
    await db.insert(redirects).values(seeds.redirects.map((r) => ({ fromPath: r.from, toPath: r.to })));
  }
}
