import { data } from "@remix-run/node";

import type { AdminRecord } from "@contract/admin";
import type { Transport } from "~/lib/api/transport.server";
import { translator } from "~/lib/browser-i18n";
import { redirectWithToast } from "~/lib/forms.server";
import type { Visitor } from "~/lib/visitor.server";
import { cacheControl } from "~/shared/cache-control";

import { backOfficeMessages } from "./messages.server";
import { modelSpec } from "./models";
import { listRecords } from "./records-api.server";

/** The model a route names, or the 404 page. */
export function requireModel(name: string | undefined) {
  const spec = modelSpec(name);
  if (!spec) throw new Response("Not Found", { status: 404 });
  return spec;
}

/** A record id from the path, or the 404 page. */
export function requireId(id: string | undefined) {
  const n = Number(id);
  if (!Number.isSafeInteger(n) || n <= 0) throw new Response("Not Found", { status: 404 });
  return n;
}

/** The back-office's `t` on the server, in the admin's language (for flashed messages). */
export function backOfficeT(visitor: Visitor) {
  const lng = visitor.preferences.locale;
  return translator(lng, backOfficeMessages(lng));
}

/** Success: a 303 to `to` with a message from cms.json. */
export function done(visitor: Visitor, to: string, key: string, values: Record<string, unknown> = {}) {
  return redirectWithToast(visitor, to, { kind: "success", message: backOfficeT(visitor)(key, values) });
}

/** A reply (conform's) with a status, never cached. */
export function replyWith<T>(reply: T, status: number) {
  return data(reply, { status, headers: { "Cache-Control": cacheControl.private } });
}

export interface GroupOption {
  id: number;
  name: string;
  level: number;
  parent_id: number | null;
}

/** Every group as a tree in document order (the nested set's `lft`), each with its depth. */
export async function groupTree(t: Transport): Promise<GroupOption[]> {
  const { data: rows } = await listRecords(t, "group", { sort: "lft", dir: "asc", page_size: 100 });
  return treeOrder(rows);
}

/**
 * Orders groups as a tree: by root and `lft` (the nested set), each group's parent the nearest
 * enclosing one and its depth the number of those; `parent_id` when the API sends it wins.
 */
export function treeOrder(rows: AdminRecord[]): GroupOption[] {
  const num = (v: unknown) => (typeof v === "number" ? v : null);
  const sorted = [...rows].sort(
    (a, b) => (num(a.root) ?? 0) - (num(b.root) ?? 0) || (num(a.lft) ?? a.id) - (num(b.lft) ?? b.id),
  );
  const stack: AdminRecord[] = [];
  return sorted.map((r) => {
    const lft = num(r.lft) ?? 0;
    while (stack.length) {
      const top = stack[stack.length - 1];
      if (num(top.root) === num(r.root) && (num(top.rgt) ?? 0) > lft) break;
      stack.pop();
    }
    const parent = stack[stack.length - 1];
    const option = {
      id: r.id,
      name: String(r.name ?? r.id),
      level: stack.length,
      parent_id: r.parent_id !== undefined ? num(r.parent_id) : (parent?.id ?? null),
    };
    if (num(r.rgt) !== null) stack.push(r);
    return option;
  });
}
