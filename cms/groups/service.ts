/**
 * The groups area's service: group trees (catalogue categories and the Cognito groups of content
 * records, stored as nested sets), and the group filter every grouped list shares.
 */
import { and, asc, eq, gt, lt, or, type SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

import type { Db } from "../db/client";
import { groups } from "../db/schema";
import { type PageRequest, paginate } from "../lib/paginate";
import { idFromText } from "../lib/params";
import { type ImageOptions, loadImageRecords } from "../media/service";
import { buildGroupTrees, findNode, type GroupNode } from "./tree";

/** The models whose records are grouped by Cognito groups. */
export type CognitoModel = "Testimonial" | "Person" | "Faq" | "Gallery" | "Slide" | "Photo";

/** How group trees are answered: how deep, and the groups' images. */
export interface TreeOptions {
  depth: number;
  image: ImageOptions;
}

async function trees(db: Db, rows: (typeof groups.$inferSelect)[], options: TreeOptions) {
  const images = await loadImageRecords(
    db,
    rows.map((r) => r.imageHash),
    options.image,
  );
  return buildGroupTrees(rows, options.depth, images);
}

/** Every group tree. */
export async function listGroupTrees(db: Db, options: TreeOptions): Promise<GroupNode[]> {
  const rows = await db.select().from(groups).orderBy(asc(groups.root), asc(groups.lft));
  return trees(db, rows, options);
}

export interface GroupName {
  namespace: string;
  model: string;
}

/** One group with its subtree; null when there is no such group. */
export async function getGroupTree(db: Db, name: GroupName & { slug: string }, options: TreeOptions) {
  const [row] = await db
    .select()
    .from(groups)
    .where(and(eq(groups.namespace, name.namespace), eq(groups.model, name.model), eq(groups.slug, name.slug)))
    .limit(1);
  if (!row) return null;
  const subtree = await db
    .select()
    .from(groups)
    .where(and(eq(groups.root, row.root), gt(groups.lft, row.lft - 1), lt(groups.rgt, row.rgt + 1)))
    .orderBy(asc(groups.lft));
  return (await trees(db, subtree, options))[0];
}

/**
 * The children of the group `parent` (a slug) of one namespace and model, or, without a parent,
 * the top-level groups under each root (the categories), each with its own children. Null when
 * the parent is unknown.
 */
export async function listGroupChildren(db: Db, name: GroupName, parent: string | undefined, options: TreeOptions) {
  const rows = await db
    .select()
    .from(groups)
    .where(and(eq(groups.namespace, name.namespace), eq(groups.model, name.model)))
    .orderBy(asc(groups.root), asc(groups.lft));
  const all = await trees(db, rows, options);
  if (parent === undefined) return all.flatMap((t) => t.children);
  return findNode(all, parent)?.children ?? null;
}

/**
 * The id of the Cognito group of `model` named by id or slug (an id wins over a slug that looks
 * like one); null when none.
 */
export async function findGroupId(db: Db, model: CognitoModel, key: string): Promise<number | null> {
  const asId = idFromText(key);
  const match: SQL = asId === null ? eq(groups.slug, key) : or(eq(groups.id, asId), eq(groups.slug, key))!;
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.namespace, "Cognito"), eq(groups.model, model), match));
  return (rows.find((r) => r.id === asId) ?? rows[0])?.id ?? null;
}

/** A table of records that may belong to a Cognito group, kept in order within it. */
export type GroupedTable = PgTable & { id: PgColumn; groupId: PgColumn; sortOrder: PgColumn };

/** What a grouped list asks for: a page, of one group (id or slug) or of every record. */
export interface GroupedPageRequest extends PageRequest {
  group?: string;
}

/**
 * One page of a grouped table's records, ordered by group, then sort order, then id; of the
 * group named by `group` when given. Null when `group` names no group of `model`.
 */
export async function pageOfGroup<T extends GroupedTable>(
  db: Db,
  table: T,
  model: CognitoModel,
  request: GroupedPageRequest,
) {
  let where: SQL | undefined;
  if (request.group !== undefined) {
    const groupId = await findGroupId(db, model, request.group);
    if (groupId === null) return null;
    where = eq(table.groupId, groupId);
  }
  const orderBy = [asc(table.groupId), asc(table.sortOrder), asc(table.id)];
  return paginate(db, table, { where, orderBy, page: request.page, pageSize: request.pageSize });
}
