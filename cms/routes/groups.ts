import { Hono } from "hono";
import { and, asc, eq, gt, lt } from "drizzle-orm";
import { z } from "zod";
import type { CmsEnv } from "../context";
import { groups } from "../db/schema";
import { notFound, parseQuery } from "../lib/http";
import type { Db } from "../db/client";
import { loadImageRecords } from "../media/service";
import { buildGroupTrees } from "../serializers";

const imageQuery = z
  .object({
    image_aspect: z.string().max(10).default("4x3"),
    image_width: z.coerce.number().int().min(1).max(4000).default(600),
    depth: z.coerce.number().int().min(1).max(10).default(10),
  })
  .passthrough();

/** The groups' image records at the asked aspect and width. */
const groupImages = (db: Db, rows: { imageHash: string | null }[], q: { image_aspect: string; image_width: number }) =>
  loadImageRecords(db, rows.map((r) => r.imageHash), { aspect: q.image_aspect, width: q.image_width });

const name = z.string().min(1).max(100).regex(/^[\w-]+$/, "letters, digits, - and _ only");

export const groupRoutes = new Hono<CmsEnv>()
  .get("/group", async (c) => {
    const q = parseQuery(c, imageQuery);
    const rows = await c.var.db.select().from(groups).orderBy(asc(groups.root), asc(groups.lft));
    return c.json({ data: buildGroupTrees(rows, q.depth, await groupImages(c.var.db, rows, q)) });
  })
  .get("/group/details/:namespace/:model/:group", async (c) => {
    const q = parseQuery(c, imageQuery);
    const params = z.object({ namespace: name, model: name, group: name }).safeParse(c.req.param());
    if (!params.success) notFound("Group not found");
    const { namespace, model, group } = params.data;
    const [row] = await c.var.db
      .select()
      .from(groups)
      .where(and(eq(groups.namespace, namespace), eq(groups.model, model), eq(groups.slug, group)))
      .limit(1);
    if (!row) notFound("Group not found");
    const subtree = await c.var.db
      .select()
      .from(groups)
      .where(and(eq(groups.root, row.root), gt(groups.lft, row.lft - 1), lt(groups.rgt, row.rgt + 1)))
      .orderBy(asc(groups.lft));
    return c.json({ data: buildGroupTrees(subtree, q.depth, await groupImages(c.var.db, subtree, q))[0] });
  })
  .get("/group/:namespace/:model", async (c) => {
    const q = parseQuery(c, imageQuery.extend({ group: name.optional() }));
    const params = z.object({ namespace: name, model: name }).safeParse(c.req.param());
    if (!params.success) notFound("Group not found");
    const { namespace, model } = params.data;
    const rows = await c.var.db
      .select()
      .from(groups)
      .where(and(eq(groups.namespace, namespace), eq(groups.model, model)))
      .orderBy(asc(groups.root), asc(groups.lft));
    const trees = buildGroupTrees(rows, q.depth, await groupImages(c.var.db, rows, q));
    if (!q.group) {
      // The top-level groups under each root (the categories), each with its own children.
      return c.json({ data: trees.flatMap((t) => t.children) });
    }
    const find = (nodes: typeof trees): (typeof trees)[number] | undefined => {
      for (const n of nodes) {
        if (n.slug === q.group) return n;
        const hit = find(n.children);
        if (hit) return hit;
      }
    };
    const parent = find(trees);
    if (!parent) notFound("Group not found");
    return c.json({ data: parent.children });
  });
