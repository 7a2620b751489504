/**
 * The catalogue area's service: products (spec section 3, "Catalogue product") a page at a time,
 * of one category or all; one product by id or by its category's and its own slug; and the
 * catalogue's sitemap entries. Only enabled products are ever answered.
 */
import { and, asc, eq, gt, inArray } from "drizzle-orm";

import { answer } from "../contract/answer";
import { productSchema } from "../contract/catalogue";
import { centsToDollars } from "../contract/formats";
import { sitemapEntrySchema } from "../contract/site";
import type { Db } from "../db/client";
import { groups, productPhotos, products } from "../db/schema";
import { type PageRequest, paginate } from "../lib/paginate";
import { type ImageOptions, loadImageRecords } from "../media/service";

type ProductRow = typeof products.$inferSelect;
type CatalogueGroup = Pick<typeof groups.$inferSelect, "id" | "name" | "slug" | "url">;

const isCatalogueGroup = and(eq(groups.namespace, "Catalogue"), eq(groups.model, "Product"));

/** The catalogue's groups (categories, and the catalogue's root). */
const catalogueGroups = (db: Db): Promise<CatalogueGroup[]> =>
  db
    .select({ id: groups.id, name: groups.name, slug: groups.slug, url: groups.url })
    .from(groups)
    .where(isCatalogueGroup);

/** Products in the API's shape, photos and group included. */
async function serializeProducts(db: Db, rows: ProductRow[], groupRows: CatalogueGroup[], image: ImageOptions) {
  if (rows.length === 0) return [];
  const photos = await db
    .select()
    .from(productPhotos)
    .where(
      inArray(
        productPhotos.productId,
        rows.map((r) => r.id),
      ),
    )
    .orderBy(asc(productPhotos.productId), asc(productPhotos.sortOrder));
  const records = await loadImageRecords(
    db,
    photos.map((p) => p.imageHash),
    image,
  );
  return rows.map((p) => {
    const group = groupRows.find((g) => g.id === p.groupId);
    return answer(productSchema, {
      id: p.id,
      name: p.name,
      slug: p.slug,
      url: group ? `${group.url}/${p.slug}` : p.slug,
      description: p.description,
      dimensions: p.dimensions,
      timber: p.timber,
      finish: p.finish,
      price: centsToDollars(p.priceCents),
      group: group ? { id: group.id, name: group.name, slug: group.slug } : null,
      photos: photos
        .filter((ph) => ph.productId === p.id && records.has(ph.imageHash))
        .map((ph) => ({ id: ph.id, image: records.get(ph.imageHash)! })),
      updated_at: p.updatedAt.toISOString(),
    });
  });
}

/**
 * One page of the enabled products, in category and sort order; of one catalogue group (by slug
 * or id) when `group` is given. Null when `group` names no catalogue group.
 */
export async function listProducts(db: Db, request: PageRequest & { group?: string }, image: ImageOptions) {
  const groupRows = await catalogueGroups(db);
  let where = eq(products.enabled, true);
  // An empty group is no group.
  if (request.group) {
    const group = groupRows.find((g) => g.slug === request.group || String(g.id) === request.group);
    if (!group) return null;
    where = and(where, eq(products.groupId, group.id))!;
  }
  const orderBy = [asc(products.groupId), asc(products.sortOrder), asc(products.id)];
  const page = { page: request.page, pageSize: request.pageSize };
  const { rows, paging } = await paginate(db, products, { where, orderBy, ...page });
  return { data: await serializeProducts(db, rows, groupRows, image), paging };
}

/** An enabled product by id; null when none. */
export async function getProduct(db: Db, id: number, image: ImageOptions) {
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.id, id), eq(products.enabled, true)))
    .limit(1);
  if (!row) return null;
  const [product] = await serializeProducts(db, [row], await catalogueGroups(db), image);
  return product;
}

/** An enabled product by its category's slug and its own; null when none. */
export async function getProductBySlug(db: Db, groupSlug: string, productSlug: string, image: ImageOptions) {
  const groupRows = await catalogueGroups(db);
  const group = groupRows.find((g) => g.slug === groupSlug);
  if (!group) return null;
  const [row] = await db
    .select()
    .from(products)
    .where(and(eq(products.groupId, group.id), eq(products.slug, productSlug), eq(products.enabled, true)))
    .limit(1);
  if (!row) return null;
  const [product] = await serializeProducts(db, [row], groupRows, image);
  return product;
}

/** Plain text of an HTML fragment, cut to `max` characters on a word boundary. */
export function textSummary(html: string, max = 160) {
  const text = html
    .replace(/<[^>]*>/g, " ")
    .replace(/&nbsp;/g, " ")
    .replace(/\s+/g, " ")
    .trim();
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  return `${cut.slice(0, cut.lastIndexOf(" ") > 0 ? cut.lastIndexOf(" ") : cut.length)}…`;
}

/** The sitemap's catalogue entries: the categories, then the enabled products. */
export async function catalogueSitemap(db: Db) {
  const [groupRows, productRows] = await Promise.all([
    db
      .select()
      .from(groups)
      .where(and(isCatalogueGroup, gt(groups.level, 0)))
      .orderBy(asc(groups.root), asc(groups.lft)),
    db
      .select()
      .from(products)
      .where(eq(products.enabled, true))
      .orderBy(asc(products.groupId), asc(products.sortOrder)),
  ]);
  const categories = groupRows.map((g) =>
    answer(sitemapEntrySchema, {
      url: `/${g.url}`,
      lastmod: g.updatedAt.toISOString(),
      model: "group",
      priority: 80,
      seo_title: g.name,
      seo_meta_description: g.metaDescription || textSummary(g.content),
    }),
  );
  const items = productRows.flatMap((p) => {
    const group = groupRows.find((g) => g.id === p.groupId);
    if (!group) return [];
    const entry = answer(sitemapEntrySchema, {
      url: `/${group.url}/${p.slug}`,
      lastmod: p.updatedAt.toISOString(),
      model: "product",
      priority: 70,
      seo_title: p.name,
      seo_meta_description: textSummary(p.description),
    });
    return [entry];
  });
  return [...categories, ...items];
}
