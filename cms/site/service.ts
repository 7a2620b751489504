/**
 * The site area's service: the domain and its settings, the initial data every page needs (the
 * sitemap, the redirect table, the navigation links) and the links by parent.
 */
import { asc, eq } from "drizzle-orm";

import { catalogueSitemap } from "../catalogue/service";
import { answer } from "../contract/answer";
import { initialDataSchema, linkSchema, settingsSchema } from "../contract/site";
import type { Db } from "../db/client";
import { domains, links, redirects } from "../db/schema";
import { pagesInSitemap } from "../pages/service";

type LinkRow = typeof links.$inferSelect;

export function serializeLink(l: LinkRow) {
  return answer(linkSchema, { id: l.id, name: l.name, link: l.link, icon: l.icon, parent: l.parent });
}

/** The site (the first domain) with its settings spread in; null when no site is configured. */
export async function getCurrentDomain(db: Db) {
  const [domain] = await db.select().from(domains).orderBy(asc(domains.id)).limit(1);
  if (!domain) return null;
  const settings = { ...domain.settings, id: domain.id, name: domain.name, updated_at: domain.updatedAt.toISOString() };
  return answer(settingsSchema, settings);
}

/** The navigation links, of one parent ("header", "footer") when given, in order. */
export async function listLinks(db: Db, parent?: string) {
  const rows = await db
    .select()
    .from(links)
    .where(parent ? eq(links.parent, parent) : undefined)
    .orderBy(asc(links.parent), asc(links.sortOrder));
  return rows.map(serializeLink);
}

/** The sitemap (pages, then catalogue categories and products), the redirect table and every link. */
export async function getInitialData(db: Db) {
  const [pageEntries, catalogueEntries, redirectRows, linkRows] = await Promise.all([
    pagesInSitemap(db),
    catalogueSitemap(db),
    db.select().from(redirects).orderBy(asc(redirects.id)),
    listLinks(db),
  ]);
  return answer(initialDataSchema, {
    sitemap: [...pageEntries, ...catalogueEntries],
    redirects: redirectRows.map((r) => ({ from: r.fromPath, to: r.toPath })),
    links: linkRows,
  });
}
