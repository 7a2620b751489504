/**
 * The site (spec section 3, "Domain"): its settings (`GET domain/currentDomain`), and the sitemap,
 * redirect table and navigation links every page needs (`GET domain/initialData`, `GET link`).
 */
import { z } from "zod";

import { orEmpty } from "./lenient";

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

export const settingsAnswerSchema = z.object({ data: settingsSchema });
export const initialDataAnswerSchema = z.object({ data: initialDataSchema });
export const linksAnswerSchema = z.object({ data: z.array(linkSchema) });

export type Settings = z.infer<typeof settingsSchema>;
export type SitemapEntry = z.infer<typeof sitemapEntrySchema>;
export type Link = z.infer<typeof linkSchema>;
export type InitialData = z.infer<typeof initialDataSchema>;
