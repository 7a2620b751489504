/**
 * Pages (spec section 3, "Page"): a page with its rows of blocks and widgets and its page blocks,
 * as `GET page/{url}?pb=1` and `GET page` answer them.
 */
import { z } from "zod";

import { looseRecord, orEmpty, orNull } from "./lenient";

/** A block's or widget's place among its siblings: the CMS's documents may hold it as text ("2"). */
const sortKey = z.coerce.number().catch(0);

export const widgetSchema = z
  .object({
    id: z.union([z.string(), z.number()]).transform(String),
    type: z.string(),
    sort: sortKey,
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
  sort: sortKey,
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

/** `GET page`: a page of pages (with `pb=1`, each with its content). */
export const pageListSchema = z.object({
  num_items: z.number(),
  num_pages: z.number(),
  data: z.array(pageSchema),
});

/** `GET page/{url}`: one page. */
export const pageAnswerSchema = z.object({ data: pageSchema });

export type Widget = z.infer<typeof widgetSchema>;
export type Block = z.infer<typeof blockSchema>;
export type Row = z.infer<typeof rowSchema>;
export type PageBlock = z.infer<typeof pageBlockSchema>;
export type Page = z.infer<typeof pageSchema>;
