/**
 * Bytes stored in the database, sent whole or as the one range a client asks for (videos,
 * documents): only the bytes sent leave the database.
 */
import { eq, sql } from "drizzle-orm";
import type { AnyPgColumn, PgTable } from "drizzle-orm/pg-core";
import type { Context } from "hono";

import type { CmsEnv } from "../context";
import type { Db } from "../db/client";
import { found } from "./http";

/** Whether an If-None-Match header matches a strong ETag (weak comparison, as RFC 9110 asks). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

export type ByteRange = { start: number; end: number };

/**
 * One byte range from a Range header for a body of `size` bytes: the range (end inclusive),
 * "unsatisfiable", or null when the header is absent, malformed or asks for several ranges (then
 * the whole body is sent).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Number(m[2]);
  if (m[2] !== "" && end < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end: Math.min(end, size - 1) };
}

/** `length` bytes from `start` (0-based) of the `bytes` column of the row whose `id` column is `id`; null: no row. */
export async function readByteSlice(
  db: Db,
  table: PgTable,
  columns: { id: AnyPgColumn; bytes: AnyPgColumn },
  id: number,
  start: number,
  length: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const [slice] = await db
    .select({ bytes: sql<Uint8Array>`substring(${columns.bytes} from ${start + 1} for ${length})` })
    .from(table)
    .where(eq(columns.id, id))
    .limit(1);
  return slice ? new Uint8Array(slice.bytes) : null;
}

/**
 * Answers `size` stored bytes: 200 with all of them, 206 with the range asked for (`range`, from
 * parseRange, or null for all), 416 when it cannot be met. `read` fetches a slice (null: gone, 404).
 */
export async function sendBytes(
  c: Context<CmsEnv>,
  size: number,
  headers: Record<string, string>,
  range: ByteRange | "unsatisfiable" | null,
  read: (start: number, length: number) => Promise<Uint8Array<ArrayBuffer> | null>,
  missing: string,
) {
  if (range === "unsatisfiable") return c.body(null, 416, { ...headers, "Content-Range": `bytes */${size}` });
  const start = range?.start ?? 0;
  const length = range ? range.end - range.start + 1 : size;
  const body = found(await read(start, length), missing);
  const sent = { ...headers, "Content-Length": String(body.length) };
  if (!range) return c.body(body, 200, sent);
  return c.body(body, 206, { ...sent, "Content-Range": `bytes ${range.start}-${range.end}/${size}` });
}
