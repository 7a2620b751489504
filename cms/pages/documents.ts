/**
 * A page's content as one document (decision 081): `Doc = { title, seo_title, meta_description,
 * priority, rows, pageContents }`, rows and page blocks as the public page answer writes them.
 * The back-office edits a draft document and publishes it; publishing writes the document into
 * `pages` and `page_blocks` (replacing the blocks) and stores a revision. A revision with a future
 * `publish_at` waits, and the first read of the page at or after that time applies it (decision
 * 082): `applyDueRevision`, once, under the page row's lock.
 */
import { and, asc, desc, eq, gt, inArray, isNull, lte, min, sql } from "drizzle-orm";
import { z } from "zod";

import { embedOrigins, sanitizeBlockVariables, sanitizeRows } from "../contract/html-allowlist";
import type { Db } from "../db/client";
import { auditLog, domains, pageBlocks, pageRevisions, pages } from "../db/schema";
import { apiPaths, type ContentChange } from "../events";
import { type PageRow, serializeBlock } from "./serialize";

const id = z.union([z.string().max(100), z.number().int()]);
const json = z.record(z.unknown());
const instant = z.string().datetime({ offset: true }).nullable();

const widgetSchema = z
  .object({
    id,
    type: z.string().min(1).max(100),
    sort: z.union([z.number(), z.string().max(20)]).optional(),
    fields: json,
    wrapper: json.optional(),
    deleted: z.boolean().optional(),
  })
  .passthrough();

const blockSchema = z
  .object({
    id,
    width: z.number().int().min(1).max(12).optional(),
    offset: z.number().int().min(0).max(11).optional(),
    sort: z.union([z.number(), z.string().max(20)]).optional(),
    deleted: z.boolean().optional(),
    widgets: z.array(widgetSchema).max(100),
  })
  .passthrough();

const rowSchema = z
  .object({ row_type: z.string().max(40).optional(), blocks: z.array(blockSchema).max(12) })
  .passthrough();

/** The page block columns; every other key of a page block is a wrapper setting. */
const pageContentSchema = z
  .object({
    id: id.optional(),
    sort_order: z.number().int().optional(),
    name: z.string().max(500).default(""),
    template: z.string().min(1).max(100),
    variables: json.default({}),
    settings: json.optional(),
    hidden: z.boolean().default(false),
    start_time: instant.default(null),
    end_time: instant.default(null),
    deleted: z.boolean().default(false),
  })
  .passthrough();

export const docSchema = z
  .object({
    title: z.string().max(500),
    seo_title: z.string().max(500).nullable(),
    meta_description: z.string().max(1000),
    priority: z.number().int().min(0).max(100).nullable(),
    rows: z.array(rowSchema).max(200),
    pageContents: z.array(pageContentSchema).max(200),
  })
  .strict();

export type Doc = z.infer<typeof docSchema>;
type PageContentInput = z.infer<typeof pageContentSchema>;

const blockColumns = new Set([
  "id",
  "sort_order",
  "name",
  "template",
  "variables",
  "settings",
  "hidden",
  "start_time",
  "end_time",
  "deleted",
]);

/** A page block's wrapper settings: its `settings` and every key that is not a column. */
function settingsOf(block: PageContentInput): Record<string, unknown> {
  const loose = Object.fromEntries(Object.entries(block).filter(([k]) => !blockColumns.has(k)));
  return { ...block.settings, ...loose };
}

/** The published document of a page: its columns and its page blocks (deleted ones left out). */
export async function publishedDoc(db: Db, page: PageRow): Promise<Doc> {
  const blocks = await db
    .select()
    .from(pageBlocks)
    .where(and(eq(pageBlocks.pageId, page.id), eq(pageBlocks.deleted, false)))
    .orderBy(asc(pageBlocks.sortOrder), asc(pageBlocks.id));
  return {
    title: page.title,
    seo_title: page.seoTitle,
    meta_description: page.metaDescription,
    priority: page.priority,
    rows: page.rows as Doc["rows"],
    pageContents: blocks.map(serializeBlock) as Doc["pageContents"],
  };
}

/** The page blocks of a document in the API's shape, numbered in order (ids are the document's or their place). */
export function docBlocks(doc: Doc) {
  return doc.pageContents
    .filter((b) => !b.deleted)
    .map((b, i) => ({
      ...settingsOf(b),
      id: typeof b.id === "number" ? b.id : -(i + 1),
      sort_order: b.sort_order ?? i,
      name: b.name,
      template: b.template,
      variables: b.variables,
      hidden: b.hidden,
      start_time: b.start_time,
      end_time: b.end_time,
      deleted: false,
    }));
}

/** Writes a document into the page's columns and its page blocks (replaced), HTML sanitised. */
export async function writeDoc(tx: Db, pageId: number, doc: Doc, now: number) {
  const [site] = await tx.select({ settings: domains.settings }).from(domains).orderBy(asc(domains.id)).limit(1);
  const origins = embedOrigins(site?.settings);
  const [row] = await tx
    .update(pages)
    .set({
      title: doc.title,
      seoTitle: doc.seo_title,
      metaDescription: doc.meta_description,
      priority: doc.priority,
      rows: sanitizeRows(doc.rows, origins),
      updatedAt: new Date(now),
    })
    .where(eq(pages.id, pageId))
    .returning();
  await tx.delete(pageBlocks).where(eq(pageBlocks.pageId, pageId));
  const blocks = doc.pageContents.filter((b) => !b.deleted);
  if (blocks.length > 0) {
    await tx.insert(pageBlocks).values(
      blocks.map((b, i) => ({
        pageId,
        sortOrder: b.sort_order ?? i,
        name: b.name,
        template: b.template,
        variables: sanitizeBlockVariables(b.template, b.variables, origins),
        settings: settingsOf(b),
        hidden: b.hidden,
        startTime: b.start_time ? new Date(b.start_time) : null,
        endTime: b.end_time ? new Date(b.end_time) : null,
      })),
    );
  }
  return row;
}

/** The cached answers a change of the page at `url` makes stale. */
export const pageDocChange = (url: string): ContentChange => ({
  paths: [apiPaths.page(url), apiPaths.pageList, apiPaths.initialData],
});

/** A pending revision's condition: scheduled and not yet applied. */
const pending = and(isNull(pageRevisions.publishedAt), sql`${pageRevisions.publishAt} is not null`);

/**
 * Applies the page's scheduled revision that is due at `now` (the latest due one when several
 * are), marking every due one published, in one transaction under the page row's lock, so two
 * readers apply it once. Gives the change to announce, or null when nothing was due.
 */
export async function applyDueRevision(db: Db, url: string, now: number): Promise<ContentChange | null> {
  const at = new Date(now);
  const [due] = await db
    .select({ id: pageRevisions.id })
    .from(pageRevisions)
    .innerJoin(pages, eq(pages.id, pageRevisions.pageId))
    .where(and(eq(pages.url, url), pending, lte(pageRevisions.publishAt, at)))
    .limit(1);
  if (!due) return null;
  return db.transaction(async (tx) => {
    const [page] = await tx.select().from(pages).where(eq(pages.url, url)).for("update");
    if (!page) return null;
    const revisions = await tx
      .select()
      .from(pageRevisions)
      .where(and(eq(pageRevisions.pageId, page.id), pending, lte(pageRevisions.publishAt, at)))
      .orderBy(desc(pageRevisions.publishAt), desc(pageRevisions.id));
    if (revisions.length === 0) return null;
    const [latest] = revisions;
    const before = await publishedDoc(tx, page);
    await writeDoc(tx, page.id, latest.doc as Doc, now);
    await tx
      .update(pageRevisions)
      .set({ publishedAt: at })
      .where(
        inArray(
          pageRevisions.id,
          revisions.map((r) => r.id),
        ),
      );
    await tx.insert(auditLog).values({
      userId: latest.createdBy,
      at,
      model: "page",
      recordId: String(page.id),
      action: "publishScheduled",
      before,
      after: latest.doc,
    });
    return pageDocChange(page.url);
  });
}

/** The earliest pending `publish_at` after `now` of each page. */
export async function nextScheduled(db: Db, pageIds: number[], now: number): Promise<Map<number, number>> {
  const out = new Map<number, number>();
  if (pageIds.length === 0) return out;
  const rows = await db
    .select({ pageId: pageRevisions.pageId, at: min(pageRevisions.publishAt) })
    .from(pageRevisions)
    .where(and(inArray(pageRevisions.pageId, pageIds), pending, gt(pageRevisions.publishAt, new Date(now))))
    .groupBy(pageRevisions.pageId);
  for (const r of rows) if (r.at) out.set(r.pageId, new Date(r.at).getTime());
  return out;
}
