import { Hono } from "hono";
import { and, asc, eq, inArray, sql } from "drizzle-orm";
import { z } from "zod";
import type { CmsEnv } from "../context";
import type { Db } from "../db/client";
import { groups, productPhotos, products } from "../db/schema";
import { notFound, parseQuery } from "../lib/http";
import { positiveInt, safeText } from "../lib/params";
import { loadImageRecords } from "../media/service";

const slug = z.string().min(1).max(100).regex(/^[\w-]+$/);

export const imageParams = (aspect: string, width: number) => ({
  image_aspect: z.string().max(10).default(aspect),
  image_width: z.coerce.number().int().min(1).max(4000).default(width),
});

type ProductRow = typeof products.$inferSelect;
type GroupRow = Pick<typeof groups.$inferSelect, "id" | "name" | "slug" | "url">;

/** Products in the API's shape (spec section 3, "Catalogue product"), photos and group included. */
async function serializeProducts(db: Db, rows: ProductRow[], groupRows: GroupRow[], aspect: string, width: number) {
  if (rows.length === 0) return [];
  const photos = await db
    .select()
    .from(productPhotos)
    .where(inArray(productPhotos.productId, rows.map((r) => r.id)))
    .orderBy(asc(productPhotos.productId), asc(productPhotos.sortOrder));
  const records = await loadImageRecords(db, photos.map((p) => p.imageHash), { aspect, width });
  return rows.map((p) => {
    const group = groupRows.find((g) => g.id === p.groupId);
    return {
      id: p.id,
      name: p.name,
      slug: p.slug,
      url: group ? `${group.url}/${p.slug}` : p.slug,
      description: p.description,
      price: p.priceCents / 100,
      group: group ? { id: group.id, name: group.name, slug: group.slug } : null,
      photos: photos
        .filter((ph) => ph.productId === p.id && records.has(ph.imageHash))
        .map((ph) => ({ id: ph.id, image: records.get(ph.imageHash)! })),
      updated_at: p.updatedAt.toISOString(),
    };
  });
}

const catalogueGroups = (db: Db) =>
  db
    .select({ id: groups.id, name: groups.name, slug: groups.slug, url: groups.url })
    .from(groups)
    .where(and(eq(groups.namespace, "Catalogue"), eq(groups.model, "Product")));

export const catalogueRoutes = new Hono<CmsEnv>()
  .get("/product", async (c) => {
    const q = parseQuery(
      c,
      z.object({ ...imageParams("4x3", 600), page_size: positiveInt(900, 900), page: positiveInt(100_000, 1), group: safeText(100).optional() }).passthrough(),
    );
    const groupRows = await catalogueGroups(c.var.db);
    let where = eq(products.enabled, true);
    if (q.group) {
      const group = groupRows.find((g) => g.slug === q.group || String(g.id) === q.group);
      if (!group) notFound("Group not found");
      where = and(where, eq(products.groupId, group.id))!;
    }
    const [{ count }] = await c.var.db.select({ count: sql<number>`count(*)::int` }).from(products).where(where);
    const rows = await c.var.db
      .select()
      .from(products)
      .where(where)
      .orderBy(asc(products.groupId), asc(products.sortOrder), asc(products.id))
      .limit(q.page_size)
      .offset((q.page - 1) * q.page_size);
    const data = await serializeProducts(c.var.db, rows, groupRows, q.image_aspect, q.image_width);
    return c.json({ data, num_items: count, num_pages: Math.max(1, Math.ceil(count / q.page_size)), page: q.page });
  })
  .get("/product/:id{[0-9]+}", async (c) => {
    const q = parseQuery(c, z.object(imageParams("4x3", 1200)).passthrough());
    if (Number(c.req.param("id")) > 2_147_483_647) notFound("Product not found");
    const [row] = await c.var.db
      .select()
      .from(products)
      .where(and(eq(products.id, Number(c.req.param("id"))), eq(products.enabled, true)))
      .limit(1);
    if (!row) notFound("Product not found");
    const [data] = await serializeProducts(c.var.db, [row], await catalogueGroups(c.var.db), q.image_aspect, q.image_width);
    return c.json({ data });
  })
  .get("/product/:group/:product", async (c) => {
    const q = parseQuery(c, z.object(imageParams("4x3", 1200)).passthrough());
    const params = z.object({ group: slug, product: slug }).safeParse(c.req.param());
    if (!params.success) notFound("Product not found");
    const groupRows = await catalogueGroups(c.var.db);
    const group = groupRows.find((g) => g.slug === params.data.group);
    if (!group) notFound("Product not found");
    const [row] = await c.var.db
      .select()
      .from(products)
      .where(and(eq(products.groupId, group.id), eq(products.slug, params.data.product), eq(products.enabled, true)))
      .limit(1);
    if (!row) notFound("Product not found");
    const [data] = await serializeProducts(c.var.db, [row], groupRows, q.image_aspect, q.image_width);
    return c.json({ data });
  });
