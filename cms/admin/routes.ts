/**
 * The CMS's admin API, mounted at `/api/v1/cognito/admin` (docs/back-office.md): every call
 * needs an admin's bearer token (checked before any body is read), every write stores its audit
 * row in its own transaction and then announces the content change it makes.
 */
import { Hono } from "hono";
import { z } from "zod";

import type { CmsEnv } from "../context";
import {
  auditAnswerSchema,
  dashboardAnswerSchema,
  domainAnswerSchema,
  submissionsAnswerSchema,
  uploadAnswerSchema,
} from "../contract/admin";
import { answer } from "../contract/answer";
import { idFromText, safeText } from "../lib/params";
import { requireAdmin } from "./access";
import { listAudit } from "./audit";
import { readBody } from "./body";
import { dashboard } from "./dashboard";
import { domainUpdateBody, getDomain, updateDomain } from "./domain";
import { imageRoutes } from "./images";
import { orderRoutes } from "./orders";
import { pageDocRoutes } from "./page-routes";
import { type Notify, recordRoutes } from "./record-routes";
import { listSubmissions, submissionsCsv } from "./submissions";
import { upload } from "./uploads";
import { voucherRoutes } from "./vouchers";

export const ADMIN_PATH = "/api/v1/cognito/admin";

const auditBody = z
  .object({
    model: safeText(40).optional(),
    record_id: safeText(40).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(50),
  })
  .strict();

const pagingBody = z
  .object({
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();

export interface AdminRoutesOptions {
  /** The app's `notify`: told of every write's change once it has committed. */
  notify: Notify;
}

export function adminRoutes(options: AdminRoutesOptions) {
  const app = new Hono<CmsEnv>();
  app.use("*", requireAdmin);

  app.post("/audit", async (c) => {
    const q = await readBody(c, auditBody);
    return c.json(answer(auditAnswerSchema, await listAudit(c.var.db, { ...q, pageSize: q.page_size })));
  });
  app.post("/domain", async (c) => {
    await readBody(c, z.object({}).strict());
    return c.json(answer(domainAnswerSchema, { data: await getDomain(c.var.db) }));
  });
  app.post("/domain/update", async (c) => {
    const { settings } = await readBody(c, domainUpdateBody);
    const { data, change } = await updateDomain(c.var.db, settings, { now: c.var.now, userId: c.var.user.id });
    await options.notify(change);
    return c.json(answer(domainAnswerSchema, { data }));
  });

  app.post("/dashboard", async (c) => {
    await readBody(c, z.object({}).strict());
    return c.json(answer(dashboardAnswerSchema, { data: await dashboard(c.var.db, c.var.now) }));
  });
  app.post("/form/:id{[0-9]+}/submissions", async (c) => {
    const q = await readBody(c, pagingBody);
    const list = await listSubmissions(c.var.db, idFromText(c.req.param("id")) ?? 0, {
      page: q.page,
      pageSize: q.page_size,
    });
    return c.json(answer(submissionsAnswerSchema, list));
  });
  // GET too: a browser may download the export straight (with the admin's bearer token).
  app.on(["GET", "POST"], "/form/:id{[0-9]+}/submissions.csv", async (c) => {
    const { name, text } = await submissionsCsv(c.var.db, idFromText(c.req.param("id")) ?? 0);
    return c.body(text, 200, {
      "content-type": "text/csv; charset=utf-8",
      "content-disposition": `attachment; filename="${name.replace(/[^\w.-]/g, "_")}"`,
    });
  });
  app.post("/upload", async (c) => {
    const { data, change } = await upload(c);
    if (change) await options.notify(change);
    return c.json(answer(uploadAnswerSchema, { data }));
  });

  // Before the generic records: `/page/{id}` is the editor's document, not the generic record.
  app.route("/", voucherRoutes());
  app.route("/", orderRoutes());
  app.route("/", pageDocRoutes(options.notify));
  app.route("/", imageRoutes());
  app.route("/", recordRoutes(options.notify));
  return app;
}
