/**
 * The generic record calls (docs/back-office.md): for each model of the registry, under
 * `/{model}`: list, fetch by id, create, update, delete, enable, disable and addPhoto. Each write
 * is announced (the purge) once its transaction has committed. The writes are also served at each
 * model's own base path, as the spec names them (cms/admin/spec-routes.ts), by the same code.
 */
import { type Context, Hono } from "hono";
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

/** The writes of the generic records, by the last segment of their path. */
export const WRITE_OPS = ["create", "update", "delete", "enable", "disable", "addPhoto"] as const;
export type WriteOp = (typeof WRITE_OPS)[number];

/** Whether `def` takes the write `op`: some models are made by uploads, have no `enabled`, take no photos. */
function takes(def: ModelDef, op: WriteOp | undefined) {
  if (op === "create") return def.creatable !== false;
  if (op === "enable" || op === "disable") return Boolean(def.enabled);
  if (op === "addPhoto") return takesPhotos(def.name);
  return true;
}

/** The model named in the path; 404 when there is none, or when it does not take the write `op`. */
export function modelFor(name: string, op?: WriteOp): ModelDef {
  const def = modelOf(name);
  if (!def || !takes(def, op)) throw new ApiError(404, "Not found");
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

type WriteCall = Context<CmsEnv>;
const writeContext = (c: WriteCall) => ({ now: c.var.now, userId: c.var.user.id });

/**
 * The one implementation of each write, whatever path it came by (the admin API's
 * `/admin/{model}/…` or the spec's `{base}/…`, cms/admin/spec-routes.ts): the body validated
 * against the model's schema, the write and its audit row in one transaction, then the purge.
 * The caller has checked that `def` takes `op` and that the caller may write.
 */
export async function writeRecord(c: WriteCall, def: ModelDef, op: WriteOp, notify: Notify) {
  const result = await (async (): Promise<WriteResult> => {
    switch (op) {
      case "create": {
        const input = await readBody(c, def.create);
        return guarded(() => createRecord(c.var.db, def, input, writeContext(c)));
      }
      case "update": {
        const { id, ...input } = await readBody(c, (def.update ?? def.create.partial()).extend({ id: idSchema }));
        return guarded(() => updateRecord(c.var.db, def, id as number, input, writeContext(c)));
      }
      case "delete": {
        const { id } = await readBody(c, idBody);
        return guarded(() => deleteRecord(c.var.db, def, id, writeContext(c)), true);
      }
      case "enable":
      case "disable": {
        const { id } = await readBody(c, idBody);
        return updateRecord(c.var.db, def, id, { enabled: op === "enable" }, writeContext(c), op);
      }
      case "addPhoto":
        return addPhoto(c.var.db, def, await readBody(c, addPhotoBody), writeContext(c));
    }
  })();
  return c.json(await announced(result, notify));
}

/** The record written, once its change has been announced (the purge). */
async function announced(result: WriteResult, notify: Notify) {
  if (result.change.paths.length > 0) await notify(result.change);
  return { data: result.record };
}

/** A group moved in the tree (`group/move`). */
export async function moveGroupCall(c: WriteCall, notify: Notify) {
  const body = await readBody(c, moveBody);
  return c.json(await announced(await moveGroup(c.var.db, body, writeContext(c)), notify));
}

/** A gallery's photos put in another order (`gallery/order`). */
export async function orderGalleryCall(c: WriteCall, notify: Notify) {
  const body = await readBody(c, galleryOrderBody);
  return c.json(await announced(await orderGallery(c.var.db, modelFor("gallery"), body, writeContext(c)), notify));
}

/** The admin API's generic record calls, under `/admin`: its gate (requireAdmin) is the admin app's. */
export function recordRoutes(notify: Notify) {
  const app = new Hono<CmsEnv>();
  for (const op of WRITE_OPS) {
    app.post(`/:model/${op}`, (c) => writeRecord(c, modelFor(c.req.param("model"), op), op, notify));
  }
  app.post("/group/move", (c) => moveGroupCall(c, notify));
  app.post("/gallery/order", (c) => orderGalleryCall(c, notify));
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
