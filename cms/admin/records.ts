/**
 * The generic records' service: list, fetch, create, update, delete, enable and disable of any
 * model of the registry. Each write runs in one transaction with its audit row and gives the
 * record and the content change, which the route announces once the transaction has committed.
 */
import { asc, desc, eq, or, type SQL, sql } from "drizzle-orm";
import type { PgColumn } from "drizzle-orm/pg-core";

import { ApiError, validationError } from "../accounts/errors";
import { embedOrigins, sanitizeCmsHtml } from "../contract/html-allowlist";
import type { Db } from "../db/client";
import { domains } from "../db/schema";
import type { ContentChange } from "../events";
import { pagingOf } from "../lib/paginate";
import { writeAudit } from "./audit";
import {
  type AdminRecord,
  columnsBySqlName,
  type ModelDef,
  type Row,
  serializeRows,
  toValues,
  type WriteContext,
} from "./registry";

export interface ListQuery {
  q?: string;
  sort?: string;
  dir?: "asc" | "desc";
  page: number;
  page_size: number;
}

function column(def: ModelDef, name: string): PgColumn {
  const found = columnsBySqlName(def.table).get(name);
  if (!found) throw new Error(`${def.name} has no column ${name}`);
  return found[1];
}

/** One page of a model's records (disabled ones too), searched and sorted. */
export async function listRecords(db: Db, def: ModelDef, query: ListQuery) {
  const sort = query.sort ?? def.sort[0];
  if (!def.sort.includes(sort)) throw validationError({ sort: [`must be one of ${def.sort.join(", ")}`] });
  let where: SQL | undefined;
  const q = query.q?.trim();
  if (q) {
    const pattern = `%${q.replace(/[\\%_]/g, (ch) => `\\${ch}`)}%`;
    where = or(...def.search.map((name) => sql`${column(def, name)}::text ilike ${pattern}`));
  }
  const order = query.dir === "desc" ? desc : asc;
  const request = { page: query.page, pageSize: query.page_size };
  const [count, rows] = await Promise.all([
    db.$count(def.table, where),
    db
      .select(selection(def))
      .from(def.table)
      .where(where)
      .orderBy(order(column(def, sort)), order(def.table.id))
      .limit(request.pageSize)
      .offset((request.page - 1) * request.pageSize),
  ]);
  return { data: await serializeRows(db, def, rows as Row[]), ...pagingOf(count, request) };
}

/** The columns read of a model: all but those never answered (a file's bytes stay in the database). */
function selection(def: ModelDef): Record<string, PgColumn> {
  const out: Record<string, PgColumn> = {};
  for (const [name, [key, col]] of columnsBySqlName(def.table)) if (!def.omit?.includes(name)) out[key] = col;
  return out;
}

async function rowOf(db: Db, def: ModelDef, id: number, lock = false): Promise<Row> {
  const select = db.select(selection(def)).from(def.table).where(eq(def.table.id, id)).limit(1);
  const [row] = lock ? await select.for("update") : await select;
  if (!row) throw new ApiError(404, `${def.name} not found`);
  return row as Row;
}

/** One record; 404 when there is none. */
export async function getRecord(db: Db, def: ModelDef, id: number): Promise<AdminRecord> {
  const [record] = await serializeRows(db, def, [await rowOf(db, def, id)]);
  return record;
}

/** The HTML columns of `values` sanitised with the site's embed origins. */
async function sanitizeHtml(tx: Db, def: ModelDef, values: Row) {
  const keys = (def.html ?? [])
    .map((name) => columnsBySqlName(def.table).get(name)?.[0])
    .filter((k) => k !== undefined);
  if (!keys.some((key) => typeof values[key] === "string")) return;
  const [site] = await tx.select({ settings: domains.settings }).from(domains).orderBy(asc(domains.id)).limit(1);
  const origins = embedOrigins(site?.settings);
  for (const key of keys) {
    if (typeof values[key] === "string") values[key] = sanitizeCmsHtml(values[key], origins);
  }
}

export interface WriteResult {
  record: AdminRecord | { id: number };
  change: ContentChange;
}

type Ctx = Omit<WriteContext, "tx">;

function changeOf(def: ModelDef, record: AdminRecord, before: AdminRecord | null): ContentChange {
  return { paths: [...new Set(def.paths(record, before))] };
}

/** Creates a record from a parsed body. */
export async function createRecord(db: Db, def: ModelDef, input: Row, ctx: Ctx): Promise<WriteResult> {
  return db.transaction(async (tx) => {
    const w = { ...ctx, tx };
    const values = toValues(def, input);
    await def.prepare?.(w, values, input, null);
    await sanitizeHtml(tx, def, values);
    const [inserted] = (await tx.insert(def.table).values(values).returning(selection(def))) as Row[];
    const row = (await def.after?.(w, inserted, input, null)) ?? inserted;
    const [record] = await serializeRows(tx, def, [row]);
    await writeAudit(tx, { ...auditOf(ctx, def, row), action: "create", before: null, after: record });
    return { record, change: changeOf(def, record, null) };
  });
}

const auditOf = (ctx: Ctx, def: ModelDef, row: Row) => ({
  userId: ctx.userId,
  at: ctx.now,
  model: def.name,
  recordId: row.id as number,
});

/** Changes the fields a parsed body sends (`id` names the record); `action` names it in the audit log. */
export async function updateRecord(
  db: Db,
  def: ModelDef,
  id: number,
  input: Row,
  ctx: Ctx,
  action = "update",
): Promise<WriteResult> {
  return db.transaction(async (tx) => {
    const w = { ...ctx, tx };
    const beforeRow = await rowOf(tx, def, id, true);
    const [before] = await serializeRows(tx, def, [beforeRow]);
    const values = toValues(def, input);
    await def.prepare?.(w, values, input, beforeRow);
    await sanitizeHtml(tx, def, values);
    if ("updatedAt" in def.table) values.updatedAt = new Date(ctx.now);
    let row = beforeRow;
    if (Object.keys(values).length > 0) {
      [row] = (await tx.update(def.table).set(values).where(eq(def.table.id, id)).returning(selection(def))) as Row[];
    }
    row = (await def.after?.(w, row, input, beforeRow)) ?? row;
    const [record] = await serializeRows(tx, def, [row]);
    await writeAudit(tx, { ...auditOf(ctx, def, row), action, before, after: record });
    return { record, change: changeOf(def, record, before) };
  });
}

/** Deletes a record. */
export async function deleteRecord(db: Db, def: ModelDef, id: number, ctx: Ctx): Promise<WriteResult> {
  return db.transaction(async (tx) => {
    const row = await rowOf(tx, def, id, true);
    const [before] = await serializeRows(tx, def, [row]);
    await def.beforeDelete?.({ ...ctx, tx }, row);
    await tx.delete(def.table).where(eq(def.table.id, id));
    await writeAudit(tx, { ...auditOf(ctx, def, row), action: "delete", before, after: null });
    return { record: { id }, change: changeOf(def, before, before) };
  });
}
