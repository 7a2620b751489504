/** The groups area's routes: group trees, one group with its subtree, and a group's children. */
import { Hono } from "hono";
import { z } from "zod";

import type { CmsEnv } from "../context";
import { found, notFound, parseQuery } from "../lib/http";
import { imageOptions, imageParams } from "../lib/params";
import { getGroupTree, listGroupChildren, listGroupTrees, type TreeOptions } from "./service";

const treeQuery = z
  .object({ ...imageParams("4x3", 600), depth: z.coerce.number().int().min(1).max(10).default(10) })
  .passthrough();

const name = z
  .string()
  .min(1)
  .max(100)
  .regex(/^[\w-]+$/, "letters, digits, - and _ only");

const treeOptions = (q: z.infer<typeof treeQuery>): TreeOptions => ({
  depth: q.depth,
  image: imageOptions(q),
});

export const groupRoutes = new Hono<CmsEnv>()
  .get("/group", async (c) => {
    const q = parseQuery(c, treeQuery);
    return c.json({ data: await listGroupTrees(c.var.db, treeOptions(q)) });
  })
  .get("/group/details/:namespace/:model/:group", async (c) => {
    const q = parseQuery(c, treeQuery);
    const params = z.object({ namespace: name, model: name, group: name }).safeParse(c.req.param());
    if (!params.success) notFound("Group not found");
    const { namespace, model, group } = params.data;
    const tree = await getGroupTree(c.var.db, { namespace, model, slug: group }, treeOptions(q));
    return c.json({ data: found(tree, "Group not found") });
  })
  .get("/group/:namespace/:model", async (c) => {
    const q = parseQuery(c, treeQuery.extend({ group: name.optional() }));
    const params = z.object({ namespace: name, model: name }).safeParse(c.req.param());
    if (!params.success) notFound("Group not found");
    const children = await listGroupChildren(c.var.db, params.data, q.group, treeOptions(q));
    return c.json({ data: found(children, "Group not found") });
  });
