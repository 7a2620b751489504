import { z } from "zod";

import {
  type Gallery,
  galleryAnswerSchema,
  gallerySummariesAnswerSchema,
  type GallerySummary,
} from "@contract/galleries";
import { IMAGE_ASPECTS, type ImageAspect } from "@contract/media";

import { CacheShort } from "./cache-strategies";
import { groupKey, noneOn404 } from "./fields";
import type { Transport } from "./transport.server";

/** "4x3", "4by3", "4:3" → "4x3"; anything the service does not offer → the fallback. */
export function normaliseAspect(value: unknown, fallback: ImageAspect): ImageAspect {
  if (typeof value !== "string") return fallback;
  const v = value.trim().toLowerCase().replace(/by|:/, "x");
  return (IMAGE_ASPECTS as readonly string[]).includes(v) ? (v as ImageAspect) : fallback;
}

/** A gallery by id or url: letters, digits, - and _ only, so it is one safe path segment. */
const galleryKey = z.union([
  z.number().int().positive(),
  z
    .string()
    .trim()
    .regex(/^[\w-]{1,100}$/),
]);

export interface GalleryOptions {
  aspect: ImageAspect;
  width: number;
  /** Further aspects of every slide's image at the same width (the lightbox's). */
  extraAspects?: ImageAspect[];
  /** At most this many slides. */
  limit?: number;
}

/**
 * One gallery by id or url with its slides (spec: GET cognito/gallery/{id|url}); null when the
 * key is malformed or the upstream knows no such gallery.
 */
export function getGallery(
  t: Transport,
  key: unknown,
  { aspect, width, extraAspects = [], limit }: GalleryOptions,
): Promise<Gallery | null> {
  const parsed = galleryKey.safeParse(typeof key === "string" && /^\d+$/.test(key.trim()) ? Number(key) : key);
  if (!parsed.success) return Promise.resolve(null);
  const k = String(parsed.data);
  const extra = extraAspects.filter((a) => a !== aspect).join(",");
  const query = {
    image_aspect: aspect,
    image_width: width,
    extra_aspects: extra || undefined,
    limit: limit && limit > 0 ? limit : undefined,
  };
  return t
    .get(`/api/v1/cognito/gallery/${encodeURIComponent(k)}`, galleryAnswerSchema, query, { cache: CacheShort })
    .then((r) => ({ ...r.data, slides: query.limit ? r.data.slides.slice(0, query.limit) : r.data.slides }))
    .catch(noneOn404<Gallery | null>(null));
}

/**
 * The galleries of a group (spec: GET cognito/gallery?group), each with its first image at an
 * aspect and width (4x3 at 300 by default); every gallery when no group is given.
 */
export function getGalleries(
  t: Transport,
  group: unknown,
  aspect: ImageAspect = "4x3",
  width = 300,
): Promise<GallerySummary[]> {
  const g = group === null || group === undefined || group === "" ? null : groupKey.safeParse(group);
  if (g && !g.success) return Promise.resolve([]);
  const groupValue = g?.success ? g.data : undefined;
  const query = { group: groupValue, image_aspect: aspect, image_width: width, page_size: 500 };
  return t
    .get("/api/v1/cognito/gallery", gallerySummariesAnswerSchema, query, { cache: CacheShort })
    .then((r) => r.data)
    .catch(noneOn404<GallerySummary[]>([]));
}
