/**
 * The back-office's page documents (docs/back-office.md, "Pages: drafts, revisions, schedules"):
 * the draft (`pages.draft`), publishing now or at a time, the revisions and restoring one, and
 * the preview of a document at a moment, which writes nothing.
 */
import { and, asc, desc, eq, isNull, lte, sql } from "drizzle-orm";

import { ApiError } from "../accounts/errors";
import type { Db } from "../db/client";
import { pageRevisions, pages } from "../db/schema";
import type { ContentChange } from "../events";
import { type Doc, docBlocks, pageDocChange, publishedDoc, writeDoc } from "../pages/documents";
import { type PageRow, serializePage } from "../pages/serialize";
import { visibleContent } from "../pages/visibility";
import { getSiteTimeZone } from "../site/time-zone";
import { userNames, writeAudit } from "./audit";

interface Ctx {
  now: number;
  userId: number;
}

async function pageRow(db: Db, id: number, lock = false): Promise<PageRow> {
  const select = db.select().from(pages).where(eq(pages.id, id)).limit(1);
  const [row] = lock ? await select.for("update") : await select;
  if (!row) throw new ApiError(404, "page not found");
  return row;
}

const pendingOf = (pageId: number) =>
  and(eq(pageRevisions.pageId, pageId), isNull(pageRevisions.publishedAt), sql`${pageRevisions.publishAt} is not null`);

/** The page as the editor loads it: its settings, published document, draft and pending schedules. */
export async function pageDocument(db: Db, id: number) {
  const row = await pageRow(db, id);
  const scheduled = await db
    .select({ revision: pageRevisions.id, publishAt: pageRevisions.publishAt })
    .from(pageRevisions)
    .where(pendingOf(id))
    .orderBy(asc(pageRevisions.publishAt));
  return {
    id: row.id,
    name: row.name,
    slug: row.slug,
    url: row.url,
    published: await publishedDoc(db, row),
    draft: (row.draft as Doc | null) ?? null,
    scheduled: scheduled.map((s) => ({ revision: s.revision, publish_at: s.publishAt?.toISOString() ?? null })),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** Stores (or with null discards) the page's draft. */
export async function setDraft(db: Db, id: number, doc: Doc | null, ctx: Ctx) {
  await db.transaction(async (tx) => {
    const row = await pageRow(tx, id, true);
    await tx.update(pages).set({ draft: doc }).where(eq(pages.id, id));
    const action = doc ? "saveDraft" : "discardDraft";
    await writeAudit(tx, { ...ctx, at: ctx.now, model: "page", recordId: id, action, before: row.draft, after: doc });
  });
  return pageDocument(db, id);
}

/**
 * Publishes the draft: now (written into the page, a published revision), or at a future
 * `publishAt` (a scheduled revision the first read at or after it applies). The draft is cleared.
 */
export async function publish(db: Db, id: number, publishAt: number | undefined, ctx: Ctx) {
  const change = await db.transaction(async (tx): Promise<ContentChange | null> => {
    const row = await pageRow(tx, id, true);
    const doc = row.draft as Doc | null;
    if (!doc) throw new ApiError(409, "The page has no draft to publish");
    const later = publishAt !== undefined && publishAt > ctx.now;
    const [revision] = await tx
      .insert(pageRevisions)
      .values({
        pageId: id,
        doc,
        createdBy: ctx.userId,
        createdAt: new Date(ctx.now),
        publishAt: later ? new Date(publishAt) : null,
        publishedAt: later ? null : new Date(ctx.now),
      })
      .returning({ id: pageRevisions.id });
    const before = await publishedDoc(tx, row);
    if (!later) await writeDoc(tx, id, doc, ctx.now);
    await tx.update(pages).set({ draft: null }).where(eq(pages.id, id));
    await writeAudit(tx, {
      ...ctx,
      at: ctx.now,
      model: "page",
      recordId: id,
      action: later ? "schedule" : "publish",
      before,
      after: { revision: revision.id, publish_at: later ? new Date(publishAt).toISOString() : null, doc },
    });
    // A scheduled revision changes the page's next_change_at, so its cached answers go too.
    return pageDocChange(row.url);
  });
  return { page: await pageDocument(db, id), change };
}

const summaryOf = (doc: Doc) => {
  const widgets = doc.rows.reduce((n, r) => n + r.blocks.reduce((m, b) => m + b.widgets.length, 0), 0);
  return `${doc.title}: ${doc.rows.length} rows, ${widgets} widgets, ${doc.pageContents.length} page blocks`;
};

/** The page's revisions, newest first. */
export async function listRevisions(db: Db, id: number) {
  await pageRow(db, id);
  const rows = await db
    .select()
    .from(pageRevisions)
    .where(eq(pageRevisions.pageId, id))
    .orderBy(desc(pageRevisions.createdAt), desc(pageRevisions.id));
  const names = await userNames(
    db,
    rows.map((r) => r.createdBy),
  );
  return rows.map((r) => ({
    id: r.id,
    created_at: r.createdAt.toISOString(),
    created_by: r.createdBy === null ? null : (names.get(r.createdBy) ?? { id: r.createdBy, name: "" }),
    publish_at: r.publishAt?.toISOString() ?? null,
    published_at: r.publishedAt?.toISOString() ?? null,
    summary: summaryOf(r.doc as Doc),
  }));
}

async function revisionRow(db: Db, id: number, revision: number) {
  const [row] = await db
    .select()
    .from(pageRevisions)
    .where(and(eq(pageRevisions.pageId, id), eq(pageRevisions.id, revision)));
  if (!row) throw new ApiError(404, "revision not found");
  return row;
}

export async function getRevision(db: Db, id: number, revision: number) {
  const row = await revisionRow(db, id, revision);
  const [listed] = (await listRevisions(db, id)).filter((r) => r.id === row.id);
  return { ...listed, doc: row.doc as Doc };
}

/** Publishes an old revision's document now, as a new revision. */
export async function restore(db: Db, id: number, revision: number, ctx: Ctx) {
  const change = await db.transaction(async (tx) => {
    const row = await pageRow(tx, id, true);
    const old = await revisionRow(tx, id, revision);
    const before = await publishedDoc(tx, row);
    const [created] = await tx
      .insert(pageRevisions)
      .values({
        pageId: id,
        doc: old.doc,
        createdBy: ctx.userId,
        createdAt: new Date(ctx.now),
        publishedAt: new Date(ctx.now),
      })
      .returning({ id: pageRevisions.id });
    await writeDoc(tx, id, old.doc as Doc, ctx.now);
    await writeAudit(tx, {
      ...ctx,
      at: ctx.now,
      model: "page",
      recordId: id,
      action: "restore",
      before,
      after: { revision: created.id, restored: revision, doc: old.doc },
    });
    return pageDocChange(row.url);
  });
  return { page: await pageDocument(db, id), change };
}

/**
 * The public page answer of the draft (or the published document) as it is at `asOf`, with the
 * scheduled revisions due by then applied (for the published document), writing nothing. With
 * `editing`, every block shows, as in the editor (visibility.ts's preview).
 */
export async function previewPage(db: Db, id: number, options: { asOf: number; draft: boolean; editing: boolean }) {
  const row = await pageRow(db, id);
  let doc = options.draft ? (row.draft as Doc | null) : null;
  if (!doc) {
    const [due] = await db
      .select({ doc: pageRevisions.doc })
      .from(pageRevisions)
      .where(and(pendingOf(id), lte(pageRevisions.publishAt, new Date(options.asOf))))
      .orderBy(desc(pageRevisions.publishAt), desc(pageRevisions.id))
      .limit(1);
    doc = (due?.doc as Doc | undefined) ?? (await publishedDoc(db, row));
  }
  const timeZone = await getSiteTimeZone(db);
  const content = visibleContent(
    { rows: doc.rows, pageContents: docBlocks(doc) },
    options.asOf,
    timeZone,
    options.editing,
  );
  const shown: PageRow = {
    ...row,
    title: doc.title,
    seoTitle: doc.seo_title,
    metaDescription: doc.meta_description,
    priority: doc.priority,
  };
  return serializePage(shown, content);
}
