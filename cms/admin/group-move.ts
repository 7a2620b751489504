/**
 * `/admin/group/move`: re-parents a group and its subtree (`parent_id` null makes it a tree of its
 * own) at a `position` among its new siblings. The trees it touches are locked, rebuilt in memory
 * and numbered again, so `lft`, `rgt`, `level` and `root` stay a consistent nested set: every
 * tree numbered 1..2n without gaps, intervals nested, levels the depth, root the top's id.
 */
import { asc, eq, inArray } from "drizzle-orm";
import { z } from "zod";

import { ApiError, validationError } from "../accounts/errors";
import type { Db } from "../db/client";
import { groups } from "../db/schema";
import { idSchema } from "../lib/params";
import { writeAudit } from "./audit";
import { group as groupModel } from "./models/catalogue";
import type { WriteResult } from "./records";
import { serializeRows } from "./registry";

export const moveBody = z
  .object({ id: idSchema, parent_id: idSchema.nullable(), position: z.number().int().min(0).max(100_000) })
  .strict();

type GroupRow = typeof groups.$inferSelect;
interface Node {
  row: GroupRow;
  children: Node[];
}

/** The trees of nested-set rows (sorted by root, lft) as nodes. */
function buildTrees(rows: GroupRow[]): Node[] {
  const tops: Node[] = [];
  const stack: Node[] = [];
  for (const row of rows) {
    const node: Node = { row, children: [] };
    while (
      stack.length &&
      (stack[stack.length - 1].row.root !== row.root || stack[stack.length - 1].row.rgt < row.lft)
    ) {
      stack.pop();
    }
    if (stack.length) stack[stack.length - 1].children.push(node);
    else tops.push(node);
    stack.push(node);
  }
  return tops;
}

/** Numbers a tree from 1, depth first. */
function number(top: Node, out: Map<number, Pick<GroupRow, "lft" | "rgt" | "level" | "root" | "sortOrder">>) {
  let counter = 1;
  const walk = (node: Node, level: number, sortOrder: number) => {
    const lft = counter++;
    node.children.forEach((child, i) => walk(child, level + 1, i));
    out.set(node.row.id, { lft, rgt: counter++, level, root: top.row.id, sortOrder });
  };
  walk(top, 0, top.row.sortOrder);
}

const rowsOfRoots = (tx: Db, roots: number[]) =>
  tx.select().from(groups).where(inArray(groups.root, roots)).orderBy(asc(groups.root), asc(groups.lft)).for("update");

export async function moveGroup(
  db: Db,
  body: z.infer<typeof moveBody>,
  ctx: { now: number; userId: number },
): Promise<WriteResult> {
  return db.transaction(async (tx) => {
    const [moving] = await tx.select().from(groups).where(eq(groups.id, body.id));
    if (!moving) throw new ApiError(404, "group not found");
    let parentRoot: number | null = null;
    if (body.parent_id !== null) {
      const [parent] = await tx.select().from(groups).where(eq(groups.id, body.parent_id));
      if (!parent) throw validationError({ parent_id: ["not found"] });
      parentRoot = parent.root;
    }
    // Lock both trees, in root order so two moves cannot wait on each other.
    const roots = [...new Set([moving.root, parentRoot ?? moving.root])].sort((a, b) => a - b);
    const rows = await rowsOfRoots(tx, roots);
    const byId = new Map<number, Node>();
    const tops = buildTrees(rows);
    const index = (n: Node) => {
      byId.set(n.row.id, n);
      n.children.forEach(index);
    };
    tops.forEach(index);
    const node = byId.get(body.id)!;
    const [before] = await serializeRows(tx, groupModel, [node.row]);
    const parent = body.parent_id === null ? null : byId.get(body.parent_id);
    if (body.parent_id !== null && !parent) throw validationError({ parent_id: ["not found"] });
    if (parent) {
      if (parent.row.namespace !== node.row.namespace || parent.row.model !== node.row.model) {
        throw validationError({ parent_id: ["must be a group of the same model"] });
      }
      for (let n: Node | undefined = parent; n; n = findParent(tops, n)) {
        if (n === node) throw validationError({ parent_id: ["must not be the group or one of its subgroups"] });
      }
    }
    // Take it out of its place, then put it in its new one.
    const oldParent = findParent(tops, node);
    if (oldParent) oldParent.children.splice(oldParent.children.indexOf(node), 1);
    else tops.splice(tops.indexOf(node), 1);
    if (parent) parent.children.splice(Math.min(body.position, parent.children.length), 0, node);
    else {
      node.row = { ...node.row, sortOrder: body.position };
      tops.push(node);
    }
    const numbers = new Map<number, Pick<GroupRow, "lft" | "rgt" | "level" | "root" | "sortOrder">>();
    tops.forEach((top) => number(top, numbers));
    for (const row of rows) {
      const next = numbers.get(row.id)!;
      if (
        next.lft === row.lft &&
        next.rgt === row.rgt &&
        next.level === row.level &&
        next.root === row.root &&
        next.sortOrder === row.sortOrder
      ) {
        continue;
      }
      await tx
        .update(groups)
        .set({ ...next, updatedAt: new Date(ctx.now) })
        .where(eq(groups.id, row.id));
    }
    const [fresh] = await tx.select().from(groups).where(eq(groups.id, body.id));
    const [after] = await serializeRows(tx, groupModel, [fresh]);
    await writeAudit(tx, { ...ctx, at: ctx.now, model: "group", recordId: body.id, action: "move", before, after });
    return { record: after, change: { paths: groupModel.paths(after, before) } };
  });
}

function findParent(tops: Node[], target: Node): Node | undefined {
  const search = (n: Node): Node | undefined => {
    for (const child of n.children) {
      if (child === target) return n;
      const hit = search(child);
      if (hit) return hit;
    }
  };
  for (const top of tops) {
    const hit = search(top);
    if (hit) return hit;
  }
}
