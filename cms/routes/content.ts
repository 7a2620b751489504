/**
 * Content records of the generic-record API (spec section 7): testimonials, people, FAQs and
 * background videos. Lists answer `{ data, num_items, num_pages, page }`; a `group` names a
 * Cognito group of the record's model by id or slug, and an unknown one is a JSON 404.
 */
import { Hono, type Context } from "hono";
import { asc, eq, sql, type SQL } from "drizzle-orm";
import type { PgTable } from "drizzle-orm/pg-core";
import { z } from "zod";
import type { CmsEnv } from "../context";
import type { Db } from "../db/client";
import { faqs, people, testimonials } from "../db/schema";
import { notFound, parseRequest } from "../lib/http";
import { positiveInt } from "../lib/params";
import { loadImageRecords } from "../media/service";
import { imageParams } from "./catalogue";
import { groupParam, requireGroupId } from "./group-param";

const MAX_ID = 2_147_483_647;

/** The paging and group parameters of a list, with its image defaults. */
export const listParams = (pageSize: number, aspect: string, width: number, maxPageSize = 100) =>
  z
    .object({ ...imageParams(aspect, width), page_size: positiveInt(maxPageSize, pageSize), page: positiveInt(100_000, 1), group: groupParam })
    .passthrough();

export async function countRows(db: Db, table: PgTable, where: SQL | undefined) {
  const [{ count }] = await db.select({ count: sql<number>`count(*)::int` }).from(table).where(where);
  return count;
}

/** The paging fields of a list answer. */
export const pageInfo = (count: number, q: { page: number; page_size: number }) => ({
  num_items: count,
  num_pages: Math.max(1, Math.ceil(count / q.page_size)),
  page: q.page,
});

/** A numeric id from the path, or a 404 when it cannot be one. */
export function pathId(c: Context, what: string) {
  const id = Number(c.req.param("id"));
  if (!Number.isInteger(id) || id < 1 || id > MAX_ID) notFound(`${what} not found`);
  return id;
}

export const contentRoutes = new Hono<CmsEnv>()
  .on(["GET", "POST"], "/testimonial", async (c) => {
    const q = await parseRequest(c, listParams(20, "1x1", 100));
    const groupId = await requireGroupId(c.var.db, "Testimonial", q.group);
    const where = groupId === undefined ? undefined : eq(testimonials.groupId, groupId);
    const count = await countRows(c.var.db, testimonials, where);
    const rows = await c.var.db
      .select()
      .from(testimonials)
      .where(where)
      .orderBy(asc(testimonials.groupId), asc(testimonials.sortOrder), asc(testimonials.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size);
    const images = await loadImageRecords(c.var.db, rows.map((r) => r.imageHash), { aspect: q.image_aspect, width: q.image_width });
    return c.json({
      data: rows.map((t) => ({
        id: t.id,
        name: t.name,
        title: t.title,
        content: t.content,
        image: (t.imageHash && images.get(t.imageHash)) || null,
        rating: t.rating !== null && t.rating >= 1 && t.rating <= 5 ? t.rating : null,
        group: t.groupId,
      })),
      ...pageInfo(count, q),
    });
  })
  .on(["GET", "POST"], "/person", async (c) => {
    const q = await parseRequest(c, listParams(64, "4x3", 900));
    const groupId = await requireGroupId(c.var.db, "Person", q.group);
    const where = groupId === undefined ? undefined : eq(people.groupId, groupId);
    const count = await countRows(c.var.db, people, where);
    const rows = await c.var.db
      .select()
      .from(people)
      .where(where)
      .orderBy(asc(people.groupId), asc(people.sortOrder), asc(people.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size);
    const images = await loadImageRecords(c.var.db, rows.map((r) => r.photoHash), { aspect: q.image_aspect, width: q.image_width });
    return c.json({
      data: rows.map((p) => ({
        id: p.id,
        first_name: p.firstName,
        last_name: p.lastName,
        title: p.title,
        description: p.description,
        photo: (p.photoHash && images.get(p.photoHash)) || null,
        group: p.groupId,
      })),
      ...pageInfo(count, q),
    });
  })
  .on(["GET", "POST"], "/faq", async (c) => {
    const q = await parseRequest(
      c,
      z.object({ page_size: positiveInt(500, 100), page: positiveInt(100_000, 1), group: groupParam }).passthrough(),
    );
    const groupId = await requireGroupId(c.var.db, "Faq", q.group);
    const where = groupId === undefined ? undefined : eq(faqs.groupId, groupId);
    const count = await countRows(c.var.db, faqs, where);
    const rows = await c.var.db
      .select()
      .from(faqs)
      .where(where)
      .orderBy(asc(faqs.groupId), asc(faqs.sortOrder), asc(faqs.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size);
    return c.json({
      data: rows.map((f) => ({ id: f.id, name: f.name, content: f.content, group: f.groupId })),
      ...pageInfo(count, q),
    });
  });
