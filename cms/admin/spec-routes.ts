/**
 * The generic record writes at each model's own base path, as the spec's section 7 names them
 * ("Images and generic records"): `{base}/create`, `/update`, `/delete`, `/enable`, `/disable` and
 * `/addPhoto`, all POST. They are the admin API's writes (`/api/v1/cognito/admin/{model}/…`, the
 * canonical prefix) served at a second prefix by the same code (`writeRecord`): the same gate,
 * validation, audit row, HTML sanitising and purge. The base paths' lists and single fetches stay
 * the public answers they are (docs/back-office.md, "The spec's base paths").
 */
import { Hono } from "hono";

import type { CmsEnv } from "../context";
import { requireAdmin } from "./access";
import { models } from "./models";
import { modelFor, moveGroupCall, type Notify, orderGalleryCall, WRITE_OPS, writeRecord } from "./record-routes";

/** Where the spec's records live: `/api/v1/cognito/{model}`, whatever the model. */
export const SPEC_PREFIX = "/api/v1/cognito";

/**
 * The base paths of each model: `/api/v1/cognito/{model}` for every model, and the other base a
 * model's reads have in the spec (a product's is the catalogue's, a file's its download path).
 */
export function specBases(model: string): string[] {
  const bases = [`${SPEC_PREFIX}/${model}`];
  if (model === "product") bases.push("/api/v1/catalogue/product");
  if (model === "file") bases.push(`${SPEC_PREFIX}/default/file`);
  return bases;
}

/**
 * The writes at the spec's base paths. Mounted at the app's root before the public routes, so
 * that `POST /gallery/create` is the write, not the gallery whose address is "create". The
 * caller must be staff allowed the write (admins, until roles exist): checked before the body is
 * read, so a refused call writes nothing.
 */
export function specRecordRoutes(notify: Notify) {
  const app = new Hono<CmsEnv>();
  for (const model of Object.keys(models)) {
    for (const base of specBases(model)) {
      // One route per write: `/user/updateProfile` (the member's own) is not `/user/update`.
      for (const op of WRITE_OPS) {
        app.post(`${base}/${op}`, requireAdmin, (c) => writeRecord(c, modelFor(model, op), op, notify));
      }
    }
  }
  app.post(`${SPEC_PREFIX}/group/move`, requireAdmin, (c) => moveGroupCall(c, notify));
  app.post(`${SPEC_PREFIX}/gallery/order`, requireAdmin, (c) => orderGalleryCall(c, notify));
  return app;
}
