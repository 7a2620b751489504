/**
 * The generic records' registry: one definition per model (docs/back-office.md's table) says
 * its table, its zod body schemas, what a list may search and sort by, its image and HTML
 * columns, the cached paths a write makes stale, and any hooks a model needs beyond the generic
 * create, update and delete (a group's nested set, a product's SKU, a page's redirect). Body
 * fields are the columns' SQL names; a record is the row with every column under that name.
 */
import { getTableColumns } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";
import type { z } from "zod";

import type { Db } from "../db/client";
import { imageRecord } from "../media/records";
import { loadImageRows } from "../media/service";

export type Row = Record<string, unknown>;
export type AdminRecord = Record<string, unknown>;
/** A table of the generic records: every one has a serial `id`. */
export type RecordTable = PgTable & { id: PgColumn };

/** What a hook gets: the write's transaction, its moment and who writes. */
export interface WriteContext {
  tx: Db;
  now: number;
  userId: number;
}

export interface ModelDef {
  /** The model's name in the API's paths. */
  name: string;
  table: RecordTable;
  create: z.ZodObject<z.ZodRawShape>;
  /** The update body's fields (without `id`); default `create.partial()`. */
  update?: z.ZodObject<z.ZodRawShape>;
  /** Whether records are created through `{base}/create` (files come from uploads). */
  creatable?: boolean;
  /** Columns (SQL names) a list's `q` searches. */
  search: string[];
  /** Columns (SQL names) a list may sort by; the first is the default. */
  sort: string[];
  /** Whether the table has `enabled` (enable and disable). */
  enabled?: boolean;
  /** Columns never answered (a password hash, a file's bytes). */
  omit?: string[];
  /** Columns holding image hashes: answered as `{ hash, url }` too, under the name without `_hash`. */
  images?: string[];
  /** HTML columns, sanitised as they are saved (decision 069). */
  html?: string[];
  /** The cached API paths a change of this record makes stale. */
  paths: (record: AdminRecord, before: AdminRecord | null) => string[];
  /** Adjusts the column values (by JS key) before an insert or update; `before` is null on create. */
  prepare?: (ctx: WriteContext, values: Row, input: Row, before: Row | null) => Promise<void>;
  /** Runs after the insert or update, in its transaction; may give the row as it now is. */
  after?: (ctx: WriteContext, row: Row, input: Row, before: Row | null) => Promise<Row | void>;
  /** Runs before a delete, in its transaction (throw an ApiError to refuse). */
  beforeDelete?: (ctx: WriteContext, row: Row) => Promise<void>;
  /** Adds related data to the answered records (photos, a SKU). */
  extend?: (db: Db, records: AdminRecord[]) => Promise<void>;
}

/** The table's columns by SQL name: `{ sqlName: [jsKey, column] }`. */
export function columnsBySqlName(table: PgTable) {
  const out = new Map<string, [string, PgColumn]>();
  for (const [key, column] of Object.entries(getTableColumns(table))) out.set(column.name, [key, column]);
  return out;
}

/** The column values (by JS key) of the body fields that name columns. */
export function toValues(def: ModelDef, input: Row): Row {
  const columns = columnsBySqlName(def.table);
  const values: Row = {};
  for (const [field, value] of Object.entries(input)) {
    const column = columns.get(field);
    if (column && value !== undefined && field !== "id") values[column[0]] = value;
  }
  return values;
}

/** The image as the screens show it: its hash and a 400-wide 4x3 variant. */
export type ScreenImage = { hash: string; url: string } | null;

/** Records of rows: every column under its SQL name (Dates as ISO), images as `{ hash, url }`. */
export async function serializeRows(db: Db, def: ModelDef, rows: Row[]): Promise<AdminRecord[]> {
  const columns = [...columnsBySqlName(def.table)].filter(([name]) => !def.omit?.includes(name));
  const imageColumns = (def.images ?? []).map((name) => columnsBySqlName(def.table).get(name)?.[0] ?? name);
  const loaded = await loadImageRows(
    db,
    rows.flatMap((row) => imageColumns.map((key) => row[key] as string | null)),
  );
  const records = rows.map((row) => {
    const record: AdminRecord = {};
    for (const [name, [key]] of columns) {
      const value = row[key];
      record[name] = value instanceof Date ? value.toISOString() : value;
    }
    for (const name of def.images ?? []) {
      const hash = record[name];
      const image = typeof hash === "string" ? loaded.get(hash) : undefined;
      record[name.replace(/_hash$/, "")] = image ? screenImage(image) : null;
    }
    return record;
  });
  await def.extend?.(db, records);
  return records;
}

/** An image row's `{ hash, url }` for the screens. */
export function screenImage(image: Parameters<typeof imageRecord>[0]): ScreenImage {
  return { hash: image.hash, url: imageRecord(image, { aspect: "4x3", width: 400 }).url };
}
