/**
 * The galleries area's service: galleries a page at a time (each with its first slide's image and
 * its slide count), and one gallery by id or url with its slides.
 */
import { asc, count, eq, inArray } from "drizzle-orm";

import { answer } from "../contract/answer";
import { gallerySchema, gallerySummarySchema } from "../contract/galleries";
import type { Db } from "../db/client";
import { galleries, gallerySlides } from "../db/schema";
import { type GroupedPageRequest, pageOfGroup } from "../groups/service";
import { idFromText } from "../lib/params";
import { type ImageOptions, loadImageRecords, recordOf } from "../media/service";

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

/** The first slide's image (by sort order) of each gallery, and how many slides each has. */
async function gallerySummaries(db: Db, ids: number[]) {
  const firsts = new Map<number, string | null>();
  const counts = new Map<number, number>();
  if (ids.length === 0) return { firsts, counts };
  const [first, counted] = await Promise.all([
    db
      .selectDistinctOn([gallerySlides.galleryId], {
        galleryId: gallerySlides.galleryId,
        imageHash: gallerySlides.imageHash,
      })
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

/**
 * One page of galleries with their summaries (first slide's image hash, slide count); null when
 * `group` names no gallery group.
 */
export async function findGalleries(db: Db, request: GroupedPageRequest) {
  const page = await pageOfGroup(db, galleries, "Gallery", request);
  if (!page) return null;
  return {
    ...page,
    ...(await gallerySummaries(
      db,
      page.rows.map((g) => g.id),
    )),
  };
}

/** Galleries in the API's shape, each with its first slide's image at `image` and its slide count. */
export async function listGalleries(db: Db, request: GroupedPageRequest, image: ImageOptions) {
  const found = await findGalleries(db, request);
  if (!found) return null;
  const images = await loadImageRecords(db, [...found.firsts.values()], image);
  const data = found.rows.map((g) =>
    answer(gallerySummarySchema, {
      ...galleryFields(g),
      image: recordOf(images, found.firsts.get(g.id)),
      slide_count: found.counts.get(g.id) ?? 0,
    }),
  );
  return { data, paging: found.paging };
}

const slidesInOrder = (limit?: number) => ({
  orderBy: [asc(gallerySlides.sortOrder), asc(gallerySlides.id)],
  limit,
});

/**
 * A gallery by id (digits) or by url, with its first `limit` slides in order (all without a
 * limit); undefined when none.
 */
export async function findGallery(db: Db, key: string, limit?: number) {
  const withSlides = { slides: slidesInOrder(limit) };
  const id = idFromText(key);
  if (id !== null) {
    const byId = await db.query.galleries.findFirst({ where: eq(galleries.id, id), with: withSlides });
    if (byId) return byId;
  }
  if (!/^[\w-]{1,100}$/.test(key)) return undefined;
  return db.query.galleries.findFirst({ where: eq(galleries.url, key), with: withSlides });
}

/** A gallery in the API's shape with its slides' images at `image` (and its extra aspects); null when none. */
export async function getGallery(db: Db, key: string, options: { image: ImageOptions; limit: number }) {
  const gallery = await findGallery(db, key, options.limit);
  if (!gallery) return null;
  const images = await loadImageRecords(
    db,
    gallery.slides.map((s) => s.imageHash),
    options.image,
  );
  return answer(gallerySchema, {
    ...galleryFields(gallery),
    slides: gallery.slides.map((s) => ({
      id: s.id,
      image: recordOf(images, s.imageHash),
      link: s.link,
      heading: s.heading,
      sub_heading: s.subHeading,
      content: s.content,
      link_button_text: s.linkButtonText,
    })),
  });
}
