/** The page calls of the admin API: the editor's document, drafts, publishing, revisions, preview. */
import { Hono } from "hono";
import { z } from "zod";

import { ApiError } from "../accounts/errors";
import type { CmsEnv } from "../context";
import {
  editedAnswerSchema,
  previewAnswerSchema,
  revisionAnswerSchema,
  revisionsAnswerSchema,
} from "../contract/admin-pages";
import { answer } from "../contract/answer";
import { idFromText, idSchema } from "../lib/params";
import { docSchema } from "../pages/documents";
import { readBody } from "./body";
import { page } from "./models/page";
import { getRevision, listRevisions, pageDocument, previewPage, publish, restore, setDraft } from "./page-docs";
import type { Notify } from "./record-routes";
import { getRecord } from "./records";

const instant = z.string().datetime({ offset: true });

export function pageDocRoutes(notify: Notify) {
  const app = new Hono<CmsEnv>();
  const ctx = (c: { var: CmsEnv["Variables"] }) => ({ now: c.var.now, userId: c.var.user.id });

  app.post("/page/saveDraft", async (c) => {
    const { id, doc } = await readBody(c, z.object({ id: idSchema, doc: docSchema }).strict());
    return c.json(answer(editedAnswerSchema, { data: await setDraft(c.var.db, id, doc, ctx(c)) }));
  });
  app.post("/page/discardDraft", async (c) => {
    const { id } = await readBody(c, z.object({ id: idSchema }).strict());
    return c.json(answer(editedAnswerSchema, { data: await setDraft(c.var.db, id, null, ctx(c)) }));
  });
  app.post("/page/publish", async (c) => {
    const body = await readBody(c, z.object({ id: idSchema, publish_at: instant.optional() }).strict());
    const at = body.publish_at === undefined ? undefined : Date.parse(body.publish_at);
    const { page, change } = await publish(c.var.db, body.id, at, ctx(c));
    if (change) await notify(change);
    return c.json(answer(editedAnswerSchema, { data: page }));
  });
  app.post("/page/revisions", async (c) => {
    const { id } = await readBody(c, z.object({ id: idSchema }).strict());
    return c.json(answer(revisionsAnswerSchema, { data: await listRevisions(c.var.db, id) }));
  });
  app.post("/page/revision", async (c) => {
    const { id, revision } = await readBody(c, z.object({ id: idSchema, revision: idSchema }).strict());
    return c.json(answer(revisionAnswerSchema, { data: await getRevision(c.var.db, id, revision) }));
  });
  app.post("/page/restore", async (c) => {
    const { id, revision } = await readBody(c, z.object({ id: idSchema, revision: idSchema }).strict());
    const { page, change } = await restore(c.var.db, id, revision, ctx(c));
    await notify(change);
    return c.json(answer(editedAnswerSchema, { data: page }));
  });
  app.post("/page/preview", async (c) => {
    const body = await readBody(
      c,
      z
        .object({
          id: idSchema,
          as_of: instant.optional(),
          draft: z.boolean().default(false),
          editing: z.boolean().default(true),
        })
        .strict(),
    );
    const asOf = body.as_of === undefined ? c.var.now : Date.parse(body.as_of);
    const preview = await previewPage(c.var.db, body.id, { asOf, draft: body.draft, editing: body.editing });
    return c.json(answer(previewAnswerSchema, { data: preview }));
  });
  app.post("/page/:id{[0-9]+}", async (c) => {
    const id = idFromText(c.req.param("id"));
    if (!id) throw new ApiError(404, "page not found");
    await readBody(c, z.object({}).strict());
    // The settings (the generic record) and the documents, in one answer.
    const [record, document] = await Promise.all([getRecord(c.var.db, page, id), pageDocument(c.var.db, id)]);
    return c.json(answer(editedAnswerSchema, { data: { ...record, ...document } }));
  });
  return app;
}
