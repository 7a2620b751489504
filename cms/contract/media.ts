/**
 * Images and videos (spec section 3, "Image"): the image record every content answer carries, the
 * aspects the image service offers, and the answers of `image/getByHash` and `video/{id}`.
 */
import { z } from "zod";

/** The spec's eight cropped aspects (width x height), plus 16x5 for the heading widget's banner. */
export const FIXED_ASPECTS = ["16x3", "16x5", "16x9", "8x5", "4x3", "1x1", "3x4", "5x8", "9x16"] as const;
/** The aspects the image service offers: the fixed ones, and `orig` (the original's own, uncropped). */
export const IMAGE_ASPECTS = [...FIXED_ASPECTS, "orig"] as const;
export type ImageAspect = (typeof IMAGE_ASPECTS)[number];

/**
 * An asset URL from the upstream goes into src, href and CSS url(): only a same-site path or an
 * http(s) URL, with none of the characters that could end a CSS string or an attribute.
 */
export const assetUrlSchema = z
  .string()
  .max(2000)
  .regex(/^(?:\/(?!\/)|https?:\/\/)[^\s"'()\\<>;`]*$/, "not a safe asset URL");
export const optionalAssetUrl = assetUrlSchema
  .nullish()
  .catch(null)
  .transform((v) => v ?? null);
/** The blurred preview: an inline base64 image, nothing else. */
export const placeholderSchema = z
  .string()
  .regex(/^data:image\/(?:webp|jpeg|png|avif|gif);base64,[A-Za-z0-9+/=]+$/)
  .nullish()
  .catch("")
  .transform((v) => v ?? "");

export const imageSchema = z.object({
  url: assetUrlSchema,
  webp_url: optionalAssetUrl,
  avif_url: optionalAssetUrl,
  placeholder: placeholderSchema,
  aspect: z
    .string()
    .nullish()
    .transform((v) => v ?? "orig"),
  width: z.number().default(1),
  height: z.number().default(1),
  extra_aspects: z
    .array(
      z.object({
        aspect: z.string(),
        url: assetUrlSchema,
        webp_url: optionalAssetUrl,
        avif_url: optionalAssetUrl,
        placeholder: placeholderSchema,
      }),
    )
    .default([]),
});
export type Image = z.infer<typeof imageSchema>;

/** An image record, or null when there is none or it is broken (the picture is lost, not its holder). */
export const optionalImageSchema = imageSchema
  .nullish()
  .catch(null)
  .transform((v) => v ?? null);

export const videoSchema = z.object({
  id: z.number(),
  url: assetUrlSchema,
  mime: z.string().default("video/mp4"),
  poster: optionalImageSchema,
});
export type Video = z.infer<typeof videoSchema>;

/** `POST image/getByHash`: one image record by its content hash. */
export const imageAnswerSchema = z.object({ data: imageSchema });
/** `GET video/{id}`: a background video with its poster. */
export const videoAnswerSchema = z.object({ data: videoSchema });
