import { z } from "zod";

import { pageBlockSchema, pageSchema, rowSchema } from "~/lib/api/schemas";
import type { Transport } from "~/lib/api/transport.server";

/** The page calls of the admin API (docs/back-office.md, "Pages"), answers parsed here. */
const ADMIN = "/api/v1/cognito/admin/page";

/** A page's content document: what the editor changes and a revision keeps. */
export const docSchema = z.object({
  title: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  seo_title: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  meta_description: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
  priority: z.coerce
    .number()
    .nullish()
    .transform((v) => v ?? null),
  rows: z.array(rowSchema).default([]),
  pageContents: z.array(pageBlockSchema).default([]),
});
export type Doc = z.infer<typeof docSchema>;

const editedPageSchema = z.object({
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
        publish_at: z
          .string()
          .nullish()
          .transform((v) => v ?? ""),
      }),
    )
    .default([]),
  updated_at: z.string().nullish(),
});
export type EditedPage = z.infer<typeof editedPageSchema>;
const editedAnswer = z.object({ data: editedPageSchema });

const pageRecordSchema = z
  .object({
    id: z.coerce.number(),
    name: z.string(),
    slug: z
      .string()
      .nullish()
      .transform((v) => v ?? ""),
    url: z
      .string()
      .nullish()
      .transform((v) => v ?? ""),
    title: z.string().nullish(),
    has_draft: z.boolean().optional(),
    draft: z.unknown().optional(),
    scheduled: z.array(z.unknown()).optional(),
  })
  .passthrough();
export type PageRecord = z.infer<typeof pageRecordSchema>;
const pageListAnswer = z.object({
  data: z.array(pageRecordSchema),
  num_items: z.number().default(0),
  num_pages: z.number().default(1),
  page: z.number().default(1),
});
const pageRecordAnswer = z.object({ data: pageRecordSchema });

const revisionSchema = z.object({
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
  summary: z
    .string()
    .nullish()
    .transform((v) => v ?? ""),
});
export type Revision = z.infer<typeof revisionSchema>;
const revisionsAnswer = z.object({ data: z.array(revisionSchema) });
const revisionAnswer = z.object({ data: z.object({ id: z.coerce.number(), doc: docSchema }).passthrough() });
const previewAnswer = z.object({ data: pageSchema });

/** The calls, bound to a visitor's transport (the admin's bearer token rides along). */
export function pagesApi(t: Transport) {
  return {
    list: (body: { q?: string; page?: number; page_size?: number } = {}) =>
      t.post(ADMIN, pageListAnswer, { page_size: 100, sort: "name", dir: "asc", ...body }),
    create: async (fields: { name: string; slug: string; url: string; title?: string }) =>
      (await t.post(`${ADMIN}/create`, pageRecordAnswer, fields)).data,
    updateSettings: async (fields: { id: number } & Record<string, unknown>) =>
      (await t.post(`${ADMIN}/update`, pageRecordAnswer, fields)).data,
    get: async (id: number) => (await t.post(`${ADMIN}/${id}`, editedAnswer, {})).data,
    saveDraft: async (id: number, doc: Doc) => (await t.post(`${ADMIN}/saveDraft`, editedAnswer, { id, doc })).data,
    discardDraft: async (id: number) => (await t.post(`${ADMIN}/discardDraft`, editedAnswer, { id })).data,
    publish: async (id: number, publishAt?: string) =>
      (await t.post(`${ADMIN}/publish`, editedAnswer, publishAt ? { id, publish_at: publishAt } : { id })).data,
    revisions: async (id: number) => (await t.post(`${ADMIN}/revisions`, revisionsAnswer, { id })).data,
    revision: async (id: number, revision: number) =>
      (await t.post(`${ADMIN}/revision`, revisionAnswer, { id, revision })).data,
    restore: async (id: number, revision: number) =>
      (await t.post(`${ADMIN}/restore`, editedAnswer, { id, revision })).data,
    preview: async (id: number, opts: { draft?: boolean; as_of?: string } = {}) =>
      (await t.post(`${ADMIN}/preview`, previewAnswer, { id, ...opts })).data,
  };
}

/** The document the editor works on: the draft when there is one, else the published page. */
export const workingDoc = (page: EditedPage): Doc => page.draft ?? page.published;
