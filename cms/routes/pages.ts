import { Hono } from "hono";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { CmsEnv } from "../context";
import type { Db } from "../db/client";
import { pageBlocks, pages } from "../db/schema";
import { notFound, parseQuery } from "../lib/http";
import { flag, positiveInt, safeText } from "../lib/params";
import { serializePage } from "../serializers";

const listQuery = z.object({
  page_size: positiveInt(100, 100),
  page: positiveInt(100_000, 1),
  pb: flag,
});

/** Loads pages with their page blocks (when `withBlocks`), in one query per table. */
export async function loadPages(db: Db, where: { url: string } | { limit: number; offset: number }, withBlocks: boolean) {
  const rows =
    "url" in where
      ? await db.select().from(pages).where(eq(pages.url, where.url)).limit(1)
      : await db.select().from(pages).orderBy(asc(pages.id)).limit(where.limit).offset(where.offset);
  if (!withBlocks || rows.length === 0) return rows.map((p) => serializePage(p, null));
  // Hidden and deleted blocks stay in the back-office: the public API never hands them out.
  const blocks = await db
    .select()
    .from(pageBlocks)
    .where(and(inArray(pageBlocks.pageId, rows.map((p) => p.id)), eq(pageBlocks.hidden, false), eq(pageBlocks.deleted, false)))
    .orderBy(asc(pageBlocks.sortOrder), asc(pageBlocks.id));
  return rows.map((p) => serializePage(p, blocks.filter((b) => b.pageId === p.id)));
}

/**
 * Normalises a requested page url: no leading or trailing slash, "" means home. Hono has already
 * decoded route parameters and query values once; decoding again would misread a literal "%".
 */
export function normalisePageUrl(raw: string) {
  const url = raw.replace(/^\/+|\/+$/g, "");
  return url === "" ? "home" : url;
}

export const pageRoutes = new Hono<CmsEnv>()
  .get("/page", async (c) => {
    const q = parseQuery(c, listQuery.extend({ url: safeText(500).optional() }));
    if (q.url !== undefined) {
      const [page] = await loadPages(c.var.db, { url: normalisePageUrl(q.url) }, q.pb);
      if (!page) notFound("Page not found");
      return c.json({ data: page });
    }
    const [{ count }] = await c.var.db.select({ count: sql<number>`count(*)::int` }).from(pages);
    const data = await loadPages(c.var.db, { limit: q.page_size, offset: (q.page - 1) * q.page_size }, q.pb);
    return c.json({ num_items: count, num_pages: Math.max(1, Math.ceil(count / q.page_size)), page: q.page, data });
  })
  .get("/page/:url{.+}", async (c) => {
    const { pb } = parseQuery(c, z.object({ pb: flag }).passthrough());
    const url = safeText(500).safeParse(c.req.param("url"));
    if (!url.success) notFound("Page not found");
    const [page] = await loadPages(c.var.db, { url: normalisePageUrl(url.data) }, pb);
    if (!page) notFound("Page not found");
    return c.json({ data: page });
  });
