/**
 * Galleries (spec section 3, "Gallery"): one gallery with its slides (`GET gallery/{id|url}`), and
 * a group's galleries, each with its first image and how many slides it has (`GET gallery`).
 */
import { z } from "zod";

import { anyId, text, tolerantList } from "./lenient";
import { assetUrlSchema, imageSchema, optionalAssetUrl, placeholderSchema } from "./media";

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
  id: anyId,
  image,
  link: text,
  heading: text,
  sub_heading: text,
  content: text,
  link_button_text: text,
});

const galleryBase = {
  id: anyId,
  name: text,
  url: text,
  heading: text,
  sub_heading: text,
  group: anyId
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

export const galleryAnswerSchema = z.object({ data: gallerySchema });
export const gallerySummariesAnswerSchema = z.object({ data: tolerantList(gallerySummarySchema) });
