import { Hono } from "hono";
import { and, asc, eq, gt, isNotNull, sql } from "drizzle-orm";
import type { CmsEnv } from "../context";
import { domains, groups, links, pages, products, redirects } from "../db/schema";
import { serializeLink } from "../serializers";
import { notFound, parseQuery } from "../lib/http";
import { safeText } from "../lib/params";
import { z } from "zod";

export const HOME_URL = "home";

/** Plain text of an HTML fragment, cut to `max` characters on a word boundary. */
export function textSummary(html: string, max = 160) {
  const text = html.replace(/<[^>]*>/g, " ").replace(/&nbsp;/g, " ").replace(/\s+/g, " ").trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 0 ? cut.lastIndexOf(" ") : cut.length)}…`;
}

export const siteRoutes = new Hono<CmsEnv>()
  .get("/domain/currentDomain", async (c) => {
    const [domain] = await c.var.db.select().from(domains).orderBy(asc(domains.id)).limit(1);
    if (!domain) notFound("No site is configured");
    return c.json({ data: { ...domain.settings, id: domain.id, name: domain.name, updated_at: domain.updatedAt.toISOString() } });
  })
  .get("/domain/initialData", async (c) => {
    const db = c.var.db;
    const [pageRows, groupRows, redirectRows, linkRows, productRows] = await Promise.all([
      db.select().from(pages).where(isNotNull(pages.priority)).orderBy(sql`${pages.priority} desc`, asc(pages.id)),
      db
        .select()
        .from(groups)
        .where(and(eq(groups.namespace, "Catalogue"), eq(groups.model, "Product"), gt(groups.level, 0)))
        .orderBy(asc(groups.root), asc(groups.lft)),
      db.select().from(redirects).orderBy(asc(redirects.id)),
      db.select().from(links).orderBy(asc(links.parent), asc(links.sortOrder)),
      db
        .select({ slug: products.slug, name: products.name, description: products.description, updatedAt: products.updatedAt, groupId: products.groupId })
        .from(products)
        .where(eq(products.enabled, true))
        .orderBy(asc(products.groupId), asc(products.sortOrder)),
    ]);
    const sitemap = [
      ...pageRows.map((p) => ({
        url: p.url === HOME_URL ? "/" : `/${p.url}`,
        lastmod: p.updatedAt.toISOString(),
        model: "page",
        priority: p.priority ?? 0,
        seo_title: p.seoTitle ?? p.title,
        seo_meta_description: p.metaDescription,
      })),
      ...groupRows.map((g) => ({
        url: `/${g.url}`,
        lastmod: g.updatedAt.toISOString(),
        model: "group",
        priority: 80,
        seo_title: g.name,
        seo_meta_description: g.metaDescription || textSummary(g.content),
      })),
      ...productRows.flatMap((p) => {
        const group = groupRows.find((g) => g.id === p.groupId);
        if (!group) return [];
        return [
          {
            url: `/${group.url}/${p.slug}`,
            lastmod: p.updatedAt.toISOString(),
            model: "product",
            priority: 70,
            seo_title: p.name,
            seo_meta_description: textSummary(p.description),
          },
        ];
      }),
    ];
    return c.json({
      data: {
        sitemap,
        redirects: redirectRows.map((r) => ({ from: r.fromPath, to: r.toPath })),
        links: linkRows.map(serializeLink),
      },
    });
  })
  .get("/link", async (c) => {
    const { parent } = parseQuery(c, z.object({ parent: safeText(100).min(1).optional() }));
    const rows = await c.var.db
      .select()
      .from(links)
      .where(parent ? eq(links.parent, parent) : undefined)
      .orderBy(asc(links.parent), asc(links.sortOrder));
    return c.json({ data: rows.map(serializeLink) });
  });
