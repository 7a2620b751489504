/**
 * The admin API's page calls (docs/back-office.md, "Pages", prefix `cognito/admin/page`): a page's
 * content document, its draft, scheduled and published revisions, and its preview.
 */
import { z } from "zod";

import { orEmpty } from "./lenient";
import { pageBlockSchema, pageSchema, rowSchema } from "./pages";

/** A page block in a document: one another client saved may have no id yet (publishing numbers it). */
const docBlockSchema = pageBlockSchema.extend({
  id: z
    .union([z.string(), z.number()])
    .optional()
    .transform((v) => (v === undefined ? "" : String(v))),
});

/** A page's content document: what the editor changes and a revision keeps. */
export const docSchema = z.object({
  title: orEmpty,
  seo_title: orEmpty,
  meta_description: orEmpty,
  priority: z.coerce
    .number()
    .nullish()
    .transform((v) => v ?? null),
  rows: z.array(rowSchema).default([]),
  pageContents: z.array(docBlockSchema).default([]),
});
export type Doc = z.infer<typeof docSchema>;

export const editedPageSchema = z.object({
  id: z.coerce.number(),
  name: z.string(),
  slug: z.string(),
  url: z.string(),
  published: docSchema,
  draft: docSchema.nullish().transform((v) => v ?? null),
  scheduled: z
    .array(
      z.object({
        revision: z.coerce.number(),
        publish_at: orEmpty,
      }),
    )
    .default([]),
  updated_at: z.string().nullish(),
});
export type EditedPage = z.infer<typeof editedPageSchema>;
/** `{id}`, `saveDraft`, `discardDraft`, `publish`, `restore`: the page as the editor works on it. */
export const editedAnswerSchema = z.object({ data: editedPageSchema });

export const pageRecordSchema = z
  .object({
    id: z.coerce.number(),
    name: z.string(),
    slug: orEmpty,
    url: orEmpty,
    title: z.string().nullish(),
    has_draft: z.boolean().optional(),
    draft: z.unknown().optional(),
    scheduled: z.array(z.unknown()).optional(),
  })
  .passthrough();
export type PageRecord = z.infer<typeof pageRecordSchema>;
/** The admin list of pages (`page`). */
export const pageListAnswerSchema = z.object({
  data: z.array(pageRecordSchema),
  num_items: z.number().default(0),
  num_pages: z.number().default(1),
  page: z.number().default(1),
});
/** `create`, `update`: the page's record. */
export const pageRecordAnswerSchema = z.object({ data: pageRecordSchema });

export const revisionSchema = z.object({
  id: z.coerce.number(),
  created_at: z.string(),
  created_by: z
    .object({ id: z.coerce.number(), name: z.string().nullish() })
    .nullish()
    .transform((v) => v ?? null),
  publish_at: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  published_at: z
    .string()
    .nullish()
    .transform((v) => v ?? null),
  summary: orEmpty,
});
export type Revision = z.infer<typeof revisionSchema>;
/** `revisions`: the page's revisions, newest first. */
export const revisionsAnswerSchema = z.object({ data: z.array(revisionSchema) });
/** `revision`: one revision with its document. */
export const revisionAnswerSchema = z.object({
  data: z.object({ id: z.coerce.number(), doc: docSchema }).passthrough(),
});
/** `preview`: the page as a visitor would see it (the draft's, or at a moment). */
export const previewAnswerSchema = z.object({ data: pageSchema });
