/**
 * The pages area's service: pages by url or a page at a time (with their public page blocks in
 * the `pb` form), the pages of the sitemap, and the one write so far, `updatePage`.
 */
import { and, asc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { z } from "zod";

import { answer } from "../contract/answer";
import { embedOrigins, sanitizePageContent, sanitizeRows } from "../contract/html-allowlist";
import { sitemapEntrySchema } from "../contract/site";
import type { Db } from "../db/client";
import { domains, pageBlocks, pages } from "../db/schema";
import { apiPaths, type ContentChange } from "../events";
import { type PageRequest, paginate } from "../lib/paginate";
import { getSiteTimeZone } from "../site/time-zone";
import { applyDueRevision, nextScheduled } from "./documents";
import { type PageRow, serializeBlock, type SerializedPage, serializePage } from "./serialize";
import { visibleContent } from "./visibility";

/** The url of the home page (the url path without its slashes). */
export const HOME_URL = "home";

/**
 * Normalises a requested page url: no leading or trailing slash, "" means home. Hono has already
 * decoded route parameters and query values once; decoding again would misread a literal "%".
 */
export function normalisePageUrl(raw: string) {
  const url = raw.replace(/^\/+|\/+$/g, "");
  return url === "" ? HOME_URL : url;
}

/** How a page is looked at: when, and whether by a visitor (the default) or an editor. */
export interface PageView {
  /** The moment the page is shown at, in ms (default: now). */
  now?: number;
  /**
   * An editor's preview: hidden, scheduled and switched-off blocks and widgets too (deleted page
   * blocks stay out). No public route asks for it: it is for an authenticated preview.
   */
  preview?: boolean;
  /**
   * Told of the change when the read applies a due scheduled revision (decision 082): the app's
   * `notify`. Without it a due revision is still applied.
   */
  notify?: (change: ContentChange) => Promise<void>;
}

/**
 * The pages in the API's shape; when `withBlocks`, with their rows and page blocks as `view`
 * sees them (see visibility.ts) and their next change. The blocks of all of them in one query.
 */
async function withBlocksOf(
  db: Db,
  rows: PageRow[],
  withBlocks: boolean,
  view: PageView = {},
): Promise<SerializedPage[]> {
  if (!withBlocks || rows.length === 0) return rows.map((p) => serializePage(p, null));
  const ids = rows.map((p) => p.id);
  // Hidden and deleted blocks stay in the back-office: the public API never hands them out.
  const shown = view.preview
    ? eq(pageBlocks.deleted, false)
    : and(eq(pageBlocks.hidden, false), eq(pageBlocks.deleted, false));
  const now = view.now ?? Date.now();
  const [blocks, timeZone, scheduled] = await Promise.all([
    db
      .select()
      .from(pageBlocks)
      .where(and(inArray(pageBlocks.pageId, ids), shown))
      .orderBy(asc(pageBlocks.sortOrder), asc(pageBlocks.id)),
    getSiteTimeZone(db),
    nextScheduled(db, ids, now),
  ]);
  return rows.map((p) => {
    const pageContents = blocks.filter((b) => b.pageId === p.id).map(serializeBlock);
    const content = visibleContent({ rows: p.rows, pageContents }, now, timeZone, view.preview);
    // A scheduled revision changes the page too: caches must expire then.
    const revisionAt = scheduled.get(p.id);
    if (
      revisionAt !== undefined &&
      (content.next_change_at === null || revisionAt < Date.parse(content.next_change_at))
    ) {
      content.next_change_at = new Date(revisionAt).toISOString();
    }
    return serializePage(p, content);
  });
}

/** The page at a url (already normalised); null when none. */
export async function getPage(
  db: Db,
  url: string,
  withBlocks: boolean,
  view: PageView = {},
): Promise<SerializedPage | null> {
  if (!view.preview) {
    const change = await applyDueRevision(db, url, view.now ?? Date.now());
    if (change) await view.notify?.(change);
  }
  const rows = await db.select().from(pages).where(eq(pages.url, url)).limit(1);
  const [page] = await withBlocksOf(db, rows, withBlocks, view);
  return page ?? null;
}

/** One page of the pages, in id order. */
export async function listPages(db: Db, request: PageRequest & { withBlocks: boolean; view?: PageView }) {
  const { rows, paging } = await paginate(db, pages, { orderBy: [asc(pages.id)], ...request });
  return { data: await withBlocksOf(db, rows, request.withBlocks, request.view), paging };
}

/** The sitemap's page entries: pages with a priority, highest first. */
export async function pagesInSitemap(db: Db) {
  const rows = await db
    .select()
    .from(pages)
    .where(isNotNull(pages.priority))
    .orderBy(sql`${pages.priority} desc`, asc(pages.id));
  return rows.map((p) =>
    answer(sitemapEntrySchema, {
      url: p.url === HOME_URL ? "/" : `/${p.url}`,
      lastmod: p.updatedAt.toISOString(),
      model: "page",
      priority: p.priority ?? 0,
      seo_title: p.seoTitle ?? p.title,
      seo_meta_description: p.metaDescription,
    }),
  );
}

/** What the back-office may change on a page. */
export const pagePatchSchema = z
  .object({
    title: z.string().max(500),
    meta_description: z.string().max(1000),
    /** HTML shown after the rows and blocks. */
    content: z.string().max(1_000_000),
    rows: z.array(z.unknown()).max(500),
  })
  .partial()
  .strict();

export type PagePatch = z.infer<typeof pagePatchSchema>;

/** The cached answers a change to the page at `url` makes stale: its own, the page list and the sitemap's. */
export function pageChange(url: string): ContentChange {
  return { paths: [apiPaths.page(url), apiPaths.pageList, apiPaths.initialData] };
}

/**
 * Changes a page's title, meta description, content or rows, in one transaction, and moves its
 * `updated_at` to the database's now. Gives the page as the API now answers it (the `pb` form) and
 * the change to announce; null when there is no page at `url`.
 */
export async function updatePage(db: Db, url: string, patch: PagePatch) {
  const pageUrl = normalisePageUrl(url);
  return db.transaction(async (tx) => {
    // Its HTML is saved as the allowlist keeps it (decision 069), with the site's embed origins.
    const [site] = await tx.select({ settings: domains.settings }).from(domains).orderBy(asc(domains.id)).limit(1);
    const origins = embedOrigins(site?.settings);
    const [row] = await tx
      .update(pages)
      .set({
        title: patch.title,
        metaDescription: patch.meta_description,
        content: patch.content === undefined ? undefined : sanitizePageContent(patch.content, origins),
        rows: patch.rows === undefined ? undefined : sanitizeRows(patch.rows, origins),
        updatedAt: sql`now()`,
      })
      .where(eq(pages.url, pageUrl))
      .returning();
    if (!row) return null;
    const [page] = await withBlocksOf(tx, [row], true);
    return { page, change: pageChange(row.url) };
  });
}
