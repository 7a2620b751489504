/**
 * The generic record calls (docs/back-office.md): for each model of the registry, under
 * `/{model}`: list, fetch by id, create, update, delete, enable and disable. Each write is
 * announced (the purge) once its transaction has committed.
 */
import { Hono } from "hono";
import { z } from "zod";

import { ApiError } from "../accounts/errors";
import type { CmsEnv } from "../context";
import type { ContentChange } from "../events";
import { idFromText, idSchema, safeText } from "../lib/params";
import { readBody } from "./body";
import { moveBody, moveGroup } from "./group-move";
import { modelOf } from "./models";
import { addPhoto, addPhotoBody, galleryOrderBody, orderGallery, takesPhotos } from "./photos";
import { createRecord, deleteRecord, getRecord, listRecords, updateRecord, type WriteResult } from "./records";
import type { ModelDef } from "./registry";

export type Notify = (change: ContentChange) => Promise<void>;

const listBody = z
  .object({
    q: safeText(200).optional(),
    sort: safeText(60).optional(),
    dir: z.enum(["asc", "desc"]).optional(),
    page: z.coerce.number().int().min(1).max(100_000).default(1),
    page_size: z.coerce.number().int().min(1).max(100).default(20),
  })
  .strict();

const idBody = z.object({ id: idSchema }).strict();

/** The model named in the path; 404 when there is none (or it does not take `action`). */
export function modelFor(name: string, action?: "create" | "enable"): ModelDef {
  const def = modelOf(name);
  if (!def || (action === "create" && def.creatable === false) || (action === "enable" && !def.enabled)) {
    throw new ApiError(404, "Not found");
  }
  return def;
}

const code = (error: unknown) => {
  const err = error as { code?: unknown; cause?: { code?: unknown; detail?: unknown }; detail?: unknown };
  return { code: err?.code ?? err?.cause?.code, detail: String(err?.detail ?? err?.cause?.detail ?? "") };
};

/**
 * A write, with the database's refusals as answers: a value taken already (409), a reference to
 * nothing (400), a record still in use (409), a value out of range (400).
 */
export async function guarded(write: () => Promise<WriteResult>, deleting = false): Promise<WriteResult> {
  try {
    return await write();
  } catch (error) {
    const { code: pgCode, detail } = code(error);
    const field = /Key \((?:[^)]*, )?([a-z_]+)\)/.exec(detail)?.[1] ?? "body";
    if (pgCode === "23505") throw new ApiError(409, "Already taken", { errors: { [field]: ["is already taken"] } });
    if (pgCode === "23503" && deleting) throw new ApiError(409, "The record is in use");
    if (pgCode === "23503")
      throw new ApiError(400, "The given data was invalid", { errors: { [field]: ["not found"] } });
    if (pgCode === "23514")
      throw new ApiError(400, "The given data was invalid", { errors: { body: ["out of range"] } });
    throw error;
  }
}

export function recordRoutes(notify: Notify) {
  const app = new Hono<CmsEnv>();
  const ctx = (c: { var: CmsEnv["Variables"] }) => ({ now: c.var.now, userId: c.var.user.id });
  const done = async (result: WriteResult) => {
    if (result.change.paths.length > 0) await notify(result.change);
    return { data: result.record };
  };

  app.post("/:model/create", async (c) => {
    const def = modelFor(c.req.param("model"), "create");
    const input = await readBody(c, def.create);
    return c.json(await done(await guarded(() => createRecord(c.var.db, def, input, ctx(c)))));
  });
  app.post("/:model/update", async (c) => {
    const def = modelFor(c.req.param("model"));
    const { id, ...input } = await readBody(c, (def.update ?? def.create.partial()).extend({ id: idSchema }));
    return c.json(await done(await guarded(() => updateRecord(c.var.db, def, id as number, input, ctx(c)))));
  });
  app.post("/:model/delete", async (c) => {
    const def = modelFor(c.req.param("model"));
    const { id } = await readBody(c, idBody);
    return c.json(await done(await guarded(() => deleteRecord(c.var.db, def, id, ctx(c)), true)));
  });
  for (const action of ["enable", "disable"] as const) {
    app.post(`/:model/${action}`, async (c) => {
      const def = modelFor(c.req.param("model"), "enable");
      const { id } = await readBody(c, idBody);
      const input = { enabled: action === "enable" };
      return c.json(await done(await updateRecord(c.var.db, def, id, input, ctx(c), action)));
    });
  }
  app.post("/:model/addPhoto", async (c) => {
    const def = modelFor(c.req.param("model"));
    if (!takesPhotos(def.name)) throw new ApiError(404, "Not found");
    const body = await readBody(c, addPhotoBody);
    return c.json(await done(await addPhoto(c.var.db, def, body, ctx(c))));
  });
  app.post("/group/move", async (c) => {
    const body = await readBody(c, moveBody);
    return c.json(await done(await moveGroup(c.var.db, body, ctx(c))));
  });
  app.post("/gallery/order", async (c) => {
    const body = await readBody(c, galleryOrderBody);
    return c.json(await done(await orderGallery(c.var.db, modelFor("gallery"), body, ctx(c))));
  });
  app.post("/:model/:id{[0-9]+}", async (c) => {
    const def = modelFor(c.req.param("model"));
    const id = idFromText(c.req.param("id")) ?? 0;
    if (!id) throw new ApiError(404, `${def.name} not found`);
    return c.json({ data: await getRecord(c.var.db, def, id) });
  });
  app.post("/:model", async (c) => {
    const def = modelFor(c.req.param("model"));
    return c.json(await listRecords(c.var.db, def, await readBody(c, listBody)));
  });
  return app;
}
