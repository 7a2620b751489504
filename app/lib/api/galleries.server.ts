import { z } from "zod";

import { CacheShort } from "./cache-strategies";
import { groupKey, noneOn404, text, tolerantList } from "./fields";
import { assetUrlSchema, imageSchema, optionalAssetUrl, placeholderSchema } from "./schemas";
import type { Transport } from "./transport.server";

const id = z.union([z.number(), z.string()]);

/** The aspects the image service offers (spec section 3); anything else is not asked for. */
export const IMAGE_ASPECTS = ["16x3", "16x5", "16x9", "8x5", "4x3", "1x1", "3x4", "5x8", "9x16", "orig"] as const;
export type ImageAspect = (typeof IMAGE_ASPECTS)[number];

/** "4x3", "4by3", "4:3" → "4x3"; anything the service does not offer → the fallback. */
export function normaliseAspect(value: unknown, fallback: ImageAspect): ImageAspect {
  if (typeof value !== "string") return fallback;
  const v = value.trim().toLowerCase().replace(/by|:/, "x");
  return (IMAGE_ASPECTS as readonly string[]).includes(v) ? (v as ImageAspect) : fallback;
}

/** An extra aspect of an image record, with its own pixel size (null when the upstream gives none). */
const extraAspectSchema = z.object({
  aspect: z.string(),
  url: assetUrlSchema,
  webp_url: optionalAssetUrl,
  avif_url: optionalAssetUrl,
  placeholder: placeholderSchema,
  width: z
    .number()
    .positive()
    .nullish()
    .catch(null)
    .transform((v) => v ?? null),
  height: z
    .number()
    .positive()
    .nullish()
    .catch(null)
    .transform((v) => v ?? null),
});
export type ExtraAspect = z.infer<typeof extraAspectSchema>;

/** An image record whose extra aspects carry their size (for the lightbox). */
export const galleryImageSchema = imageSchema.extend({
  extra_aspects: z
    .array(z.unknown())
    .nullish()
    .catch(null)
    .transform((list) =>
      (list ?? []).flatMap((e) => {
        const r = extraAspectSchema.safeParse(e);
        return r.success ? [r.data] : [];
      }),
    ),
});
export type GalleryImage = z.infer<typeof galleryImageSchema>;
// A broken image record loses the picture, not the gallery.
const image = galleryImageSchema
  .nullish()
  .catch(null)
  .transform((v) => v ?? null);

export const gallerySlideSchema = z.object({
  id,
  image,
  link: text,
  heading: text,
  sub_heading: text,
  content: text,
  link_button_text: text,
});

const galleryBase = {
  id,
  name: text,
  url: text,
  heading: text,
  sub_heading: text,
  group: id
    .nullish()
    .catch(null)
    .transform((v) => v ?? null),
};

export const gallerySchema = z.object({
  ...galleryBase,
  slides: tolerantList(gallerySlideSchema)
    .nullish()
    .catch(null)
    .transform((v) => v ?? []),
});
export type Gallery = z.infer<typeof gallerySchema>;

/** A gallery in a group's list: its first slide's image and how many slides it has. */
export const gallerySummarySchema = z.object({
  ...galleryBase,
  image,
  slide_count: z
    .number()
    .int()
    .nonnegative()
    .nullish()
    .catch(null)
    .transform((v) => v ?? 0),
});
export type GallerySummary = z.infer<typeof gallerySummarySchema>;

/** Answer schemas live at module level: the transport parses a cached answer once per schema. */
const galleryAnswerSchema = z.object({ data: gallerySchema });
const gallerySummariesAnswerSchema = z.object({ data: tolerantList(gallerySummarySchema) });

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
