import { z } from "zod";

/** Answers of the upstream API (spec sections 3 and 7), parsed at the client boundary. */

const looseRecord = z.record(z.unknown());
/** A string the upstream may leave out or send as null: "" then. */
const orEmpty = z
  .string()
  .nullish()
  .transform((v) => v ?? "");
/** A value the upstream may leave out: null then. */
const orNull = <T extends z.ZodTypeAny>(schema: T) => schema.nullish().transform((v) => v ?? null);

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
  title: orEmpty,
  block_class: orEmpty,
  width: z.coerce.number().int().min(1).max(12).catch(12),
  offset: z.coerce.number().int().min(0).max(11).catch(0),
  sort: z.number().default(0),
  deleted: z.boolean().default(false),
  widgets: z.array(widgetSchema).default([]),
});

export const rowSchema = z.object({
  row_type: z.enum(["columns", "tabs"]).catch("columns"),
  row_class: orEmpty,
  container_id: z.string().nullish(),
  container_class: orEmpty,
  outer_class: orEmpty,
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
    start_time: orNull(z.string()),
    end_time: orNull(z.string()),
    deleted: z.boolean().default(false),
  })
  .passthrough();

export const pageSchema = z.object({
  id: z.union([z.string(), z.number()]),
  name: z.string(),
  slug: z.string(),
  url: z.string(),
  title: orEmpty,
  seo_title: z.string().nullish(),
  meta_description: orEmpty,
  content: orEmpty,
  rows: z.array(rowSchema).default([]),
  pageContents: z.array(pageBlockSchema).default([]),
  updated_at: z.string(),
  /**
   * When something on the page next appears or disappears (the CMS leaves out what is hidden
   * now, so a block that starts later is not in the page; decision 027). Absent from other upstreams.
   */
  next_change_at: z.string().nullish(),
  /** Only signed-in members may open the page (spec section 6); true or 1. Absent: anyone may. */
  must_be_logged_on: z
    .union([z.boolean(), z.number()])
    .nullish()
    .transform((v) => v === true || v === 1),
});

export const pageListSchema = z.object({
  num_items: z.number(),
  num_pages: z.number(),
  data: z.array(pageSchema),
});

export const settingsSchema = z
  .object({
    name: z.string().default(""),
    organisation_name: orEmpty,
    organisation_abn: orEmpty,
    organisation_address: orEmpty,
    organisation_email: orEmpty,
    organisation_phone: orEmpty,
    seo_title_prefix: orEmpty,
    seo_title_suffix: orEmpty,
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
  seo_title: orEmpty,
  seo_meta_description: orEmpty,
});

export const linkSchema = z.object({
  id: z.union([z.string(), z.number()]).optional(),
  name: z.string(),
  link: z.string(),
  icon: orEmpty,
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
  description: orEmpty,
  // The product's facts list; "" (or absent, from an upstream without them) = not given.
  dimensions: orEmpty,
  timber: orEmpty,
  finish: orEmpty,
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
  heading: orEmpty,
  sub_heading: orEmpty,
  sub_heading_1: orEmpty,
  content: orEmpty,
  footer: orEmpty,
  image: imageSchema.nullish().transform((v) => v ?? null),
  overlay_color: orNull(z.string()),
  text_color: orNull(z.string()),
  image_opacity: orNull(z.number()),
  image_saturation: orNull(z.number()),
  link: orEmpty,
  link_button_text: orEmpty,
  link_target: orEmpty,
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
    url: orEmpty,
    slug: z.string(),
    content: orEmpty,
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
