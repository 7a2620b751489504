import { z } from "zod";

/** Answers of the upstream API (spec sections 3 and 7), parsed at the client boundary. */

const looseRecord = z.record(z.unknown());

export const widgetSchema = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String),
    type: z.string(),
    sort: z.number().default(0),
    deleted: z.boolean().default(false),
    fields: looseRecord.nullish().transform((v) => v ?? {}),
    items: z
      .array(looseRecord)
      .nullish()
      .transform((v) => v ?? []),
    /** Wrapper settings of a row's widget (visibility, dates, colours, spacing, background, animation). */
    wrapper: looseRecord.optional().catch(undefined),
  })
  .passthrough();

export const blockSchema = z.object({
  id: z.union([z.string(), z.number()]).transform(String),
  title: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  block_class: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  width: z.coerce.number().int().min(1).max(12).catch(12),
  offset: z.coerce.number().int().min(0).max(11).catch(0),
  sort: z.number().default(0),
  deleted: z.boolean().default(false),
  widgets: z.array(widgetSchema).default([]),
});

export const rowSchema = z.object({
  row_type: z.enum(["columns", "tabs"]).catch("columns"),
  row_class: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  container_id: z.string().nullish(),
  container_class: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  outer_class: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  blocks: z.array(blockSchema).default([]),
});

export const pageBlockSchema = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String),
    sort_order: z.number().default(0),
    name: z.string().default(""),
    template: z.string(),
    variables: looseRecord.default({}),
    hidden: z.boolean().default(false),
    start_time: z
      .string()
      .nullish()
      .transform((v) => v ?? null),
    end_time: z
      .string()
      .nullish()
      .transform((v) => v ?? null),
    deleted: z.boolean().default(false),
  })
  .passthrough();

export const pageSchema = z.object({
  id: z.union([z.string(), z.number()]),
  name: z.string(),
  slug: z.string(),
  url: z.string(),
  title: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  seo_title: z.string().nullish(),
  meta_description: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  content: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  rows: z.array(rowSchema).default([]),
  pageContents: z.array(pageBlockSchema).default([]),
  updated_at: z.string(),
});

export const pageListSchema = z.object({
  num_items: z.number(),
  num_pages: z.number(),
  data: z.array(pageSchema),
});

export const settingsSchema = z
  .object({
    name: z.string().default(""),
    organisation_name: z
      .string()
      .nullish()
      .transform((v) => v ?? ""),
    organisation_abn: z
      .string()
      .nullish()
      .transform((v) => v ?? ""),
    organisation_address: z
      .string()
      .nullish()
      .transform((v) => v ?? ""),
    organisation_email: z
      .string()
      .nullish()
      .transform((v) => v ?? ""),
    organisation_phone: z
      .string()
      .nullish()
      .transform((v) => v ?? ""),
    seo_title_prefix: z
      .string()
      .nullish()
      .transform((v) => v ?? ""),
    seo_title_suffix: z
      .string()
      .nullish()
      .transform((v) => v ?? ""),
    theme_colour: z.string().nullish(),
    dark_theme_colour: z.string().nullish(),
    ecommerce: z.boolean().default(false),
    show_back_to_top: z.boolean().default(true),
    listPageContentFeature: z.boolean().default(false),
  })
  .passthrough();

export const sitemapEntrySchema = z.object({
  url: z.string(),
  lastmod: z.string().nullish(),
  model: z.string().nullish(),
  priority: z.number().nullish(),
  seo_title: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  seo_meta_description: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
});

export const linkSchema = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  name: z.string(),
  link: z.string(),
  icon: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  parent: z.string().nullish(),
});

export const initialDataSchema = z.object({
  sitemap: z.array(sitemapEntrySchema).default([]),
  redirects: z.array(z.object({ from: z.string(), to: z.string() })).default([]),
  links: z.array(linkSchema).default([]),
});

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

export const productSchema = z.object({
  id: z.number(),
  name: z.string(),
  slug: z.string(),
  url: z.string().default(""),
  description: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  price: z.coerce.number(),
  group: z
    .object({ id: z.number(), name: z.string(), slug: z.string() })
    .nullish()
    .transform((v) => v ?? null),
  photos: z.array(z.object({ id: z.number(), image: imageSchema })).default([]),
  updated_at: z.string().optional(),
});

export const slideSchema = z.object({
  id: z.number(),
  heading: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  sub_heading: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  sub_heading_1: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  content: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  footer: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  image: imageSchema.nullish().transform((v) => v ?? null),
  overlay_color: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  text_color: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  image_opacity: z
    .number()
    .nullish()
    .transform((v) => v ?? null),
  image_saturation: z
    .number()
    .nullish()
    .transform((v) => v ?? null),
  link: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  link_button_text: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  link_target: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
});

export type Image = z.infer<typeof imageSchema>;
export type Product = z.infer<typeof productSchema>;
export type Slide = z.infer<typeof slideSchema>;

export interface Group {
  id: number;
  name: string;
  url: string;
  slug: string;
  content: string;
  image: Image | null;
  model: string;
  root: number;
  lft: number;
  rgt: number;
  level: number;
  children: Group[];
}
export const groupSchema: z.ZodType<Group, z.ZodTypeDef, unknown> = z.lazy(() =>
  z.object({
    id: z.number(),
    name: z.string(),
    url: z
      .string()
      .nullish()
      .transform((v) => v ?? ""),
    slug: z.string(),
    content: z
      .string()
      .nullish()
      .transform((v) => v ?? ""),
    image: imageSchema
      .nullish()
      .catch(null)
      .transform((v) => v ?? null),
    model: z.string(),
    root: z.number(),
    lft: z.number(),
    rgt: z.number(),
    level: z.number(),
    children: z.array(groupSchema).default([]),
  }),
);

export type Widget = z.infer<typeof widgetSchema>;
export type Block = z.infer<typeof blockSchema>;
export type Row = z.infer<typeof rowSchema>;
export type PageBlock = z.infer<typeof pageBlockSchema>;
export type Page = z.infer<typeof pageSchema>;
export type Settings = z.infer<typeof settingsSchema>;
export type SitemapEntry = z.infer<typeof sitemapEntrySchema>;
export type Link = z.infer<typeof linkSchema>;
export type InitialData = z.infer<typeof initialDataSchema>;
