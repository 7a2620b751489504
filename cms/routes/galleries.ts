/**
 * Galleries (spec section 7, generic records): the galleries of a group, each with its first
 * slide's image and slide count, and one gallery by id or url with its slides. GET or POST (the
 * parameters then may come in a JSON body).
 */
import { Hono } from "hono";
import { asc, count, eq, inArray } from "drizzle-orm";
import { z } from "zod";
import type { CmsEnv } from "../context";
import type { Db } from "../db/client";
import { galleries, gallerySlides } from "../db/schema";
import { notFound, parseRequest } from "../lib/http";
import { positiveInt } from "../lib/params";
import { loadImageRecords } from "../media/service";
import { imageParams } from "./catalogue";
import { countRows, listParams, pageInfo } from "./content";
import { requireGroupId } from "./group-param";

type GalleryRow = typeof galleries.$inferSelect;

const galleryFields = (g: GalleryRow) => ({
  id: g.id,
  name: g.name,
  url: g.url,
  heading: g.heading,
  sub_heading: g.subHeading,
  group: g.groupId,
  updated_at: g.updatedAt.toISOString(),
});

/** Extra aspects: one string separated by commas (or pipes), or a list. */
const extraAspects = z.union([z.string().max(200), z.array(z.string().max(16)).max(16)]).optional();

/** The first slide (by sort order) of each gallery, and how many slides each has. */
export async function gallerySummaries(db: Db, ids: number[]) {
  const firsts = new Map<number, string | null>();
  const counts = new Map<number, number>();
  if (ids.length === 0) return { firsts, counts };
  const [first, counted] = await Promise.all([
    db
      .selectDistinctOn([gallerySlides.galleryId], { galleryId: gallerySlides.galleryId, imageHash: gallerySlides.imageHash })
      .from(gallerySlides)
      .where(inArray(gallerySlides.galleryId, ids))
      .orderBy(asc(gallerySlides.galleryId), asc(gallerySlides.sortOrder), asc(gallerySlides.id)),
    db
      .select({ galleryId: gallerySlides.galleryId, n: count() })
      .from(gallerySlides)
      .where(inArray(gallerySlides.galleryId, ids))
      .groupBy(gallerySlides.galleryId),
  ]);
  for (const f of first) firsts.set(f.galleryId, f.imageHash);
  for (const c of counted) counts.set(c.galleryId, Number(c.n));
  return { firsts, counts };
}

/** A gallery by id (digits) or by url; undefined when none. */
export async function findGallery(db: Db, key: string) {
  const asId = /^\d{1,10}$/.test(key) && Number(key) <= 2_147_483_647 ? Number(key) : null;
  if (asId !== null) {
    const [byId] = await db.select().from(galleries).where(eq(galleries.id, asId)).limit(1);
    if (byId) return byId;
  }
  if (!/^[\w-]{1,100}$/.test(key)) return undefined;
  const [byUrl] = await db.select().from(galleries).where(eq(galleries.url, key)).limit(1);
  return byUrl;
}

export const galleryRoutes = new Hono<CmsEnv>()
  .on(["GET", "POST"], "/gallery", async (c) => {
    const q = await parseRequest(c, listParams(100, "4x3", 300, 500));
    const groupId = await requireGroupId(c.var.db, "Gallery", q.group);
    const where = groupId === undefined ? undefined : eq(galleries.groupId, groupId);
    const total = await countRows(c.var.db, galleries, where);
    const rows = await c.var.db
      .select()
      .from(galleries)
      .where(where)
      .orderBy(asc(galleries.groupId), asc(galleries.sortOrder), asc(galleries.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size);
    const { firsts, counts } = await gallerySummaries(c.var.db, rows.map((g) => g.id));
    const images = await loadImageRecords(c.var.db, [...firsts.values()], { aspect: q.image_aspect, width: q.image_width });
    return c.json({
      data: rows.map((g) => {
        const hash = firsts.get(g.id);
        return { ...galleryFields(g), image: (hash && images.get(hash)) || null, slide_count: counts.get(g.id) ?? 0 };
      }),
      ...pageInfo(total, q),
    });
  })
  .on(["GET", "POST"], "/gallery/:key", async (c) => {
    const q = await parseRequest(
      c,
      z.object({ ...imageParams("4x3", 400), extra_aspects: extraAspects, limit: positiveInt(1000, 1000) }).passthrough(),
    );
    const gallery = await findGallery(c.var.db, c.req.param("key"));
    if (!gallery) notFound("Gallery not found");
    const slides = await c.var.db
      .select()
      .from(gallerySlides)
      .where(eq(gallerySlides.galleryId, gallery.id))
      .orderBy(asc(gallerySlides.sortOrder), asc(gallerySlides.id))
      .limit(q.limit);
    const images = await loadImageRecords(c.var.db, slides.map((s) => s.imageHash), {
      aspect: q.image_aspect,
      width: q.image_width,
      extraAspects: q.extra_aspects,
    });
    return c.json({
      data: {
        ...galleryFields(gallery),
        slides: slides.map((s) => ({
          id: s.id,
          image: (s.imageHash && images.get(s.imageHash)) || null,
          link: s.link,
          heading: s.heading,
          sub_heading: s.subHeading,
          content: s.content,
          link_button_text: s.linkButtonText,
        })),
      },
    });
  });
