import {
  type Doc,
  editedAnswerSchema,
  type EditedPage,
  pageListAnswerSchema,
  pageRecordAnswerSchema,
  previewAnswerSchema,
  revisionAnswerSchema,
  revisionsAnswerSchema,
} from "@contract/admin-pages";
import type { Transport } from "~/lib/api/transport.server";

/** The page calls of the admin API (docs/back-office.md, "Pages"), answers parsed with `@contract/admin-pages`. */
const ADMIN = "/api/v1/cognito/admin/page";

/** The calls, bound to a visitor's transport (the admin's bearer token rides along). */
export function pagesApi(t: Transport) {
  return {
    list: (body: { q?: string; page?: number; page_size?: number } = {}) =>
      t.post(ADMIN, pageListAnswerSchema, { page_size: 100, sort: "name", dir: "asc", ...body }),
    create: async (fields: { name: string; slug: string; url: string; title?: string }) =>
      (await t.post(`${ADMIN}/create`, pageRecordAnswerSchema, fields)).data,
    updateSettings: async (fields: { id: number } & Record<string, unknown>) =>
      (await t.post(`${ADMIN}/update`, pageRecordAnswerSchema, fields)).data,
    get: async (id: number) => (await t.post(`${ADMIN}/${id}`, editedAnswerSchema, {})).data,
    saveDraft: async (id: number, doc: Doc) =>
      (await t.post(`${ADMIN}/saveDraft`, editedAnswerSchema, { id, doc })).data,
    discardDraft: async (id: number) => (await t.post(`${ADMIN}/discardDraft`, editedAnswerSchema, { id })).data,
    publish: async (id: number, publishAt?: string) =>
      (await t.post(`${ADMIN}/publish`, editedAnswerSchema, publishAt ? { id, publish_at: publishAt } : { id })).data,
    revisions: async (id: number) => (await t.post(`${ADMIN}/revisions`, revisionsAnswerSchema, { id })).data,
    revision: async (id: number, revision: number) =>
      (await t.post(`${ADMIN}/revision`, revisionAnswerSchema, { id, revision })).data,
    restore: async (id: number, revision: number) =>
      (await t.post(`${ADMIN}/restore`, editedAnswerSchema, { id, revision })).data,
    preview: async (id: number, opts: { draft?: boolean; as_of?: string } = {}) =>
      (await t.post(`${ADMIN}/preview`, previewAnswerSchema, { id, ...opts })).data,
  };
}

/** The document the editor works on: the draft when there is one, else the published page. */
export const workingDoc = (page: EditedPage): Doc => page.draft ?? page.published;
