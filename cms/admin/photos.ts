/**
 * Photos of records: `{base}/addPhoto` attaches an uploaded image (its `key`, the hash) to a
 * product (a product photo), a gallery (a gallery slide) or the image field of a slide, person,
 * testimonial or voucher theme; `gallery/order` reorders a gallery's photos. Each in one
 * transaction with its audit row.
 */
import { and, eq, inArray, max } from "drizzle-orm";
import { z } from "zod";

import { ApiError, validationError } from "../accounts/errors";
import type { Db } from "../db/client";
import { gallerySlides, images, productPhotos } from "../db/schema";
import { idSchema, safeText } from "../lib/params";
import { writeAudit } from "./audit";
import type { WriteResult } from "./records";
import { type ModelDef, serializeRows } from "./registry";

export const addPhotoBody = z
  .object({
    id: idSchema,
    model: safeText(40).optional(),
    uuid: safeText(100).optional(),
    name: safeText(300).default(""),
    key: z.string().regex(/^[0-9a-f]{32}$/, "must be an uploaded image's key"),
  })
  .strict();

export const galleryOrderBody = z.object({ id: idSchema, photo_ids: z.array(idSchema).max(1000) }).strict();

/** The image column a model's addPhoto sets (by JS key); products and galleries add a row instead. */
const IMAGE_FIELD: Record<string, string> = {
  slide: "imageHash",
  testimonial: "imageHash",
  voucherTheme: "imageHash",
  person: "photoHash",
};

export const takesPhotos = (model: string) => model === "product" || model === "gallery" || model in IMAGE_FIELD;

interface Ctx {
  now: number;
  userId: number;
}

async function lockedRecord(tx: Db, def: ModelDef, id: number) {
  const [row] = await tx.select().from(def.table).where(eq(def.table.id, id)).for("update");
  if (!row) throw new ApiError(404, `${def.name} not found`);
  const [record] = await serializeRows(tx, def, [row as Record<string, unknown>]);
  return record;
}

/** The sort order after a product's or a gallery's last photo. */
async function nextSort(tx: Db, model: "product" | "gallery", id: number) {
  const [row] =
    model === "product"
      ? await tx
          .select({ top: max(productPhotos.sortOrder) })
          .from(productPhotos)
          .where(eq(productPhotos.productId, id))
      : await tx
          .select({ top: max(gallerySlides.sortOrder) })
          .from(gallerySlides)
          .where(eq(gallerySlides.galleryId, id));
  return (row?.top ?? -1) + 1;
}

export async function addPhoto(
  db: Db,
  def: ModelDef,
  body: z.infer<typeof addPhotoBody>,
  ctx: Ctx,
): Promise<WriteResult> {
  return db.transaction(async (tx) => {
    const [image] = await tx.select({ hash: images.hash }).from(images).where(eq(images.hash, body.key));
    if (!image) throw validationError({ key: ["no such upload"] });
    const before = await lockedRecord(tx, def, body.id);
    if (def.name === "product") {
      const sortOrder = await nextSort(tx, "product", body.id);
      await tx.insert(productPhotos).values({ productId: body.id, imageHash: image.hash, sortOrder });
    } else if (def.name === "gallery") {
      const sortOrder = await nextSort(tx, "gallery", body.id);
      await tx.insert(gallerySlides).values({ galleryId: body.id, imageHash: image.hash, sortOrder });
    } else {
      await tx
        .update(def.table)
        .set({ [IMAGE_FIELD[def.name]]: image.hash })
        .where(eq(def.table.id, body.id));
    }
    const after = await lockedRecord(tx, def, body.id);
    await writeAudit(tx, {
      ...ctx,
      at: ctx.now,
      model: def.name,
      recordId: body.id,
      action: "addPhoto",
      before,
      after,
    });
    return { record: after, change: { paths: [...new Set(def.paths(after, before))] } };
  });
}

/** Puts a gallery's photos in the order given (every photo of the gallery, each once). */
export async function orderGallery(
  db: Db,
  def: ModelDef,
  body: z.infer<typeof galleryOrderBody>,
  ctx: Ctx,
): Promise<WriteResult> {
  return db.transaction(async (tx) => {
    const before = await lockedRecord(tx, def, body.id);
    const current = await tx
      .select({ id: gallerySlides.id })
      .from(gallerySlides)
      .where(eq(gallerySlides.galleryId, body.id));
    const ids = new Set(current.map((r) => r.id));
    if (
      body.photo_ids.length !== ids.size ||
      !body.photo_ids.every((pid) => ids.has(pid)) ||
      new Set(body.photo_ids).size !== ids.size
    ) {
      throw validationError({ photo_ids: ["must list every photo of the gallery once"] });
    }
    for (const [i, photoId] of body.photo_ids.entries()) {
      await tx
        .update(gallerySlides)
        .set({ sortOrder: i })
        .where(and(eq(gallerySlides.galleryId, body.id), inArray(gallerySlides.id, [photoId])));
    }
    const after = await lockedRecord(tx, def, body.id);
    await writeAudit(tx, { ...ctx, at: ctx.now, model: def.name, recordId: body.id, action: "order", before, after });
    return { record: after, change: { paths: [...new Set(def.paths(after, before))] } };
  });
}
