/**
 * One page of a table: the rows of the page, and the paging fields of a list answer. Every list
 * of the API pages the same way (count, filter, order, limit and offset).
 */
import type { SQL } from "drizzle-orm";
import type { PgColumn, PgTable } from "drizzle-orm/pg-core";

import type { Db } from "../db/client";

export interface PageRequest {
  /** 1 for the first page. */
  page: number;
  pageSize: number;
}

/** The paging fields of a list answer (spec section 7). */
export interface Paging {
  num_items: number;
  num_pages: number;
  page: number;
}

export interface PageQuery extends PageRequest {
  where?: SQL;
  orderBy: (PgColumn | SQL)[];
}

/** The paging fields for `count` items, `pageSize` a page; there is always at least one page. */
export function pagingOf(count: number, { page, pageSize }: PageRequest): Paging {
  return { num_items: count, num_pages: Math.max(1, Math.ceil(count / pageSize)), page };
}

/** The rows of one page of `table` matching `where`, in `orderBy` order, and the paging fields. */
export async function paginate<T extends PgTable>(
  db: Db,
  table: T,
  query: PageQuery,
): Promise<{ rows: T["$inferSelect"][]; paging: Paging }> {
  // drizzle cannot type a select from a table that is still a type parameter; the rows are T's.
  const source: PgTable = table;
  const [count, rows] = await Promise.all([
    db.$count(source, query.where),
    db
      .select()
      .from(source)
      .where(query.where)
      .orderBy(...query.orderBy)
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize),
  ]);
  return { rows: rows as T["$inferSelect"][], paging: pagingOf(count, query) };
}
