/**
 * The audit log: every admin write stores one row (who, when, what, the record before and after)
 * in the same transaction as the write, so a write and its row commit or vanish together.
 */
import { and, desc, eq, inArray, type SQL } from "drizzle-orm";

import type { Db } from "../db/client";
import { auditLog, users } from "../db/schema";
import { type PageRequest, paginate } from "../lib/paginate";

export interface AuditEntry {
  userId: number;
  /** The request's moment (ms). */
  at: number;
  model: string;
  recordId: string | number;
  action: string;
  before?: unknown;
  after?: unknown;
}

/** JSON as it will be stored: Dates as ISO text, undefined dropped. */
const asJson = (value: unknown) => (value === undefined ? null : JSON.parse(JSON.stringify(value)));

/** Stores one audit row; call it with the write's transaction. */
export async function writeAudit(tx: Db, entry: AuditEntry) {
  await tx.insert(auditLog).values({
    userId: entry.userId,
    at: new Date(entry.at),
    model: entry.model,
    recordId: String(entry.recordId),
    action: entry.action,
    before: asJson(entry.before),
    after: asJson(entry.after),
  });
}

/** The names of a set of users, for `{ id, name }` answers. */
export async function userNames(db: Db, ids: (number | null)[]) {
  const wanted = [...new Set(ids.filter((id): id is number => id !== null))];
  const out = new Map<number, { id: number; name: string }>();
  if (wanted.length === 0) return out;
  const rows = await db
    .select({ id: users.id, first: users.firstName, last: users.lastName, email: users.email })
    .from(users)
    .where(inArray(users.id, wanted));
  for (const u of rows) out.set(u.id, { id: u.id, name: `${u.first} ${u.last}`.trim() || u.email });
  return out;
}

/** One page of the audit log, newest first, optionally of one model or record. */
export async function listAudit(db: Db, filter: { model?: string; record_id?: string } & PageRequest) {
  const conditions: SQL[] = [];
  if (filter.model) conditions.push(eq(auditLog.model, filter.model));
  if (filter.record_id) conditions.push(eq(auditLog.recordId, filter.record_id));
  const { rows, paging } = await paginate(db, auditLog, {
    where: conditions.length ? and(...conditions) : undefined,
    orderBy: [desc(auditLog.at), desc(auditLog.id)],
    page: filter.page,
    pageSize: filter.pageSize,
  });
  const names = await userNames(
    db,
    rows.map((r) => r.userId),
  );
  const data = rows.map((r) => ({
    id: r.id,
    at: r.at.toISOString(),
    user: r.userId === null ? null : (names.get(r.userId) ?? { id: r.userId, name: "" }),
    model: r.model,
    record_id: r.recordId,
    action: r.action,
    before: r.before,
    after: r.after,
  }));
  return { data, ...paging };
}
