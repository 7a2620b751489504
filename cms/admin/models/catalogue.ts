/** Definitions of the catalogue's models: products (with photos and a SKU) and groups (a nested set). */
import { and, asc, eq, gt, gte, inArray, sql } from "drizzle-orm";
import { z } from "zod";

import { ApiError } from "../../accounts/errors";
import { groups, productPhotos, products, skus } from "../../db/schema";
import { loadImageRows } from "../../media/service";
import { type ModelDef, type Row, screenImage } from "../registry";
import { id, longText, required, sortOrder, text } from "./fields";

const slug = required(200).regex(/^[a-z0-9-]+$/, "must be lower-case letters, digits and dashes");
const cents = z.number().int().min(0).max(100_000_000);

const skuSchema = z
  .object({ code: required(100), price_cents: cents.optional(), stock: z.number().int().min(0).max(1_000_000) })
  .strict();

const catalogue = ["/api/v1/catalogue/", "/api/v1/cognito/page/", "/api/v1/sell/"];

export const product: ModelDef = {
  name: "product",
  table: products,
  create: z
    .object({
      group_id: id,
      name: required(),
      slug,
      description: longText().default(""),
      dimensions: text().default(""),
      timber: text().default(""),
      finish: text().default(""),
      price_cents: cents,
      sort_order: sortOrder.default(0),
      enabled: z.boolean().default(true),
      sku: skuSchema.optional(),
    })
    .strict(),
  search: ["name", "slug", "description"],
  sort: ["sort_order", "id", "name", "price_cents", "group_id", "updated_at"],
  enabled: true,
  html: ["description"],
  paths: () => catalogue,
  // The product's SKU (the shop's first one) follows `sku`, its price the product's unless given.
  async after(ctx, row, input) {
    const sku = input.sku as z.infer<typeof skuSchema> | undefined;
    if (!sku) return;
    const productId = row.id as number;
    const [existing] = await ctx.tx
      .select({ id: skus.id })
      .from(skus)
      .where(eq(skus.productId, productId))
      .orderBy(asc(skus.id))
      .limit(1);
    const values = { code: sku.code, priceCents: sku.price_cents ?? (row.priceCents as number), stock: sku.stock };
    if (existing) await ctx.tx.update(skus).set(values).where(eq(skus.id, existing.id));
    else await ctx.tx.insert(skus).values({ ...values, productId, name: row.name as string });
  },
  async extend(db, records) {
    const ids = records.map((r) => r.id as number);
    if (ids.length === 0) return;
    const [photoRows, skuRows] = await Promise.all([
      db
        .select()
        .from(productPhotos)
        .where(inArray(productPhotos.productId, ids))
        .orderBy(asc(productPhotos.sortOrder), asc(productPhotos.id)),
      db.select().from(skus).where(inArray(skus.productId, ids)).orderBy(asc(skus.id)),
    ]);
    const loaded = await loadImageRows(
      db,
      photoRows.map((p) => p.imageHash),
    );
    for (const record of records) {
      record.photos = photoRows
        .filter((p) => p.productId === record.id)
        .map((p) => {
          const image = loaded.get(p.imageHash);
          return { id: p.id, hash: p.imageHash, url: image ? screenImage(image)?.url : null };
        });
      const sku = skuRows.find((s) => s.productId === record.id);
      record.sku = sku ? { code: sku.code, price_cents: sku.priceCents, stock: sku.stock } : null;
    }
  },
};

const groupFields = {
  namespace: required(40).optional(),
  model: required(40).optional(),
  name: required(),
  slug,
  url: text(500).default(""),
  content: longText().default(""),
  meta_description: text(1000).default(""),
  image_hash: z
    .string()
    .regex(/^[0-9a-f]{32}$/, "must be an image's hash")
    .nullable()
    .optional(),
  sort_order: sortOrder.default(0),
};

/** Locks every group of a tree (a nested-set change shifts many rows). */
export async function lockTree(tx: Parameters<NonNullable<ModelDef["prepare"]>>[0]["tx"], root: number) {
  await tx.select({ id: groups.id }).from(groups).where(eq(groups.root, root)).for("update");
}

export const group: ModelDef = {
  name: "group",
  table: groups,
  create: z.object({ ...groupFields, parent_id: id.nullable().optional() }).strict(),
  // Re-parenting is `/admin/group/move`.
  update: z.object(groupFields).partial().strict(),
  search: ["name", "slug", "model"],
  sort: ["lft", "id", "name", "model", "root"],
  images: ["image_hash"],
  html: ["content"],
  paths: () => ["/api/v1/cognito/group", "/api/v1/cognito/group/", ...catalogue],
  // A new group is the last child of its parent, or a tree of its own.
  async prepare(ctx, values, input, before) {
    if (before) return;
    const parentId = input.parent_id as number | null | undefined;
    if (parentId == null) {
      if (!values.model) throw new ApiError(400, "The given data was invalid", { errors: { model: ["is required"] } });
      Object.assign(values, { namespace: values.namespace ?? "Cognito", root: 0, lft: 1, rgt: 2, level: 0 });
      return;
    }
    const [parent] = await ctx.tx.select().from(groups).where(eq(groups.id, parentId));
    if (!parent) throw new ApiError(400, "The given data was invalid", { errors: { parent_id: ["not found"] } });
    await lockTree(ctx.tx, parent.root);
    const [fresh] = await ctx.tx.select().from(groups).where(eq(groups.id, parentId));
    await ctx.tx
      .update(groups)
      .set({ rgt: sql`${groups.rgt} + 2` })
      .where(and(eq(groups.root, fresh.root), gte(groups.rgt, fresh.rgt)));
    await ctx.tx
      .update(groups)
      .set({ lft: sql`${groups.lft} + 2` })
      .where(and(eq(groups.root, fresh.root), gt(groups.lft, fresh.rgt)));
    Object.assign(values, { root: fresh.root, lft: fresh.rgt, rgt: fresh.rgt + 1, level: fresh.level + 1 });
    values.namespace ??= fresh.namespace;
    values.model ??= fresh.model;
  },
  async after(ctx, row) {
    if (row.root !== 0) return;
    const [updated] = await ctx.tx
      .update(groups)
      .set({ root: row.id as number })
      .where(eq(groups.id, row.id as number))
      .returning();
    return updated as Row;
  },
  // A group with subgroups or products stays: deleting it would take them with it.
  async beforeDelete(ctx, row) {
    if ((row.rgt as number) - (row.lft as number) > 1) throw new ApiError(409, "The group has subgroups");
    const [used] = await ctx.tx
      .select({ id: products.id })
      .from(products)
      .where(eq(products.groupId, row.id as number))
      .limit(1);
    if (used) throw new ApiError(409, "The group has products");
    await lockTree(ctx.tx, row.root as number);
    await ctx.tx
      .update(groups)
      .set({ rgt: sql`${groups.rgt} - 2` })
      .where(and(eq(groups.root, row.root as number), gt(groups.rgt, row.rgt as number)));
    await ctx.tx
      .update(groups)
      .set({ lft: sql`${groups.lft} - 2` })
      .where(and(eq(groups.root, row.root as number), gt(groups.lft, row.rgt as number)));
  },
};
