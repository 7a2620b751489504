/** The groups area's seeds: `groups.json`, trees of groups numbered as nested sets. */
import { sql } from "drizzle-orm";
import { z } from "zod";

import type { Db } from "../db/client";
import { groups } from "../db/schema";

export interface GroupSeed {
  namespace?: string;
  model?: string;
  name: string;
  slug: string;
  content?: string;
  meta_description?: string;
  image?: string;
  children?: GroupSeed[];
}

const groupSeedSchema: z.ZodType<GroupSeed> = z.lazy(() =>
  z.object({
    namespace: z.string().optional(),
    model: z.string().optional(),
    name: z.string(),
    slug: z.string(),
    content: z.string().optional(),
    meta_description: z.string().optional(),
    image: z.string().optional(),
    children: z.array(groupSeedSchema).optional(),
  }),
);

export const groupSeedsSchema = z.array(groupSeedSchema);

/** Every image file the group trees name. */
export function groupImageFiles(trees: GroupSeed[]): string[] {
  return trees.flatMap((g) => [...(g.image ? [g.image] : []), ...groupImageFiles(g.children ?? [])]);
}

type FlatGroup = { node: GroupSeed; lft: number; rgt: number; level: number; order: number };

/** A tree's nodes in order, numbered as a nested set (lft/rgt/level) with their order among siblings. */
function flatten(tree: GroupSeed): FlatGroup[] {
  const flat: FlatGroup[] = [];
  let counter = 1;
  const walk = (node: GroupSeed, level: number, order: number) => {
    const entry: FlatGroup = { node, lft: counter++, rgt: 0, level, order };
    flat.push(entry);
    (node.children ?? []).forEach((child, i) => walk(child, level + 1, i));
    entry.rgt = counter++;
  };
  walk(tree, 0, 0);
  return flat;
}

/** Inserts a tree of groups as a nested set, with the root's id as every node's `root`. */
async function insertGroupTree(db: Db, tree: GroupSeed, imageHash: (file?: string) => Promise<string | null>) {
  let rootId = 0;
  for (const { node, lft, rgt, level, order } of flatten(tree)) {
    const [row] = await db
      .insert(groups)
      .values({
        namespace: tree.namespace ?? "Catalogue",
        model: tree.model ?? "Product",
        name: node.name,
        slug: node.slug,
        url: level === 0 ? node.slug : `${tree.slug}/${node.slug}`,
        content: node.content ?? "",
        metaDescription: node.meta_description ?? "",
        imageHash: await imageHash(node.image),
        root: rootId,
        lft,
        rgt,
        level,
        sortOrder: order,
      })
      .returning({ id: groups.id });
    if (level === 0) {
      rootId = row.id;
      await db
        .update(groups)
        .set({ root: rootId })
        .where(sql`${groups.id} = ${rootId}`);
    }
  }
}

/**
 * Inserts the group trees (a tree's namespace and model default to Catalogue/Product) and gives
 * the lookups the other seeds need.
 */
export async function seedGroups(db: Db, trees: GroupSeed[], imageHash: (file?: string) => Promise<string | null>) {
  for (const tree of trees) await insertGroupTree(db, tree, imageHash);
  const rows = await db
    .select({ id: groups.id, slug: groups.slug, model: groups.model, namespace: groups.namespace })
    .from(groups);
  return {
    /** The id of the group of `model` with this slug; throws naming it when there is none. */
    groupId(slug: string, model: string) {
      const found = rows.find((g) => g.slug === slug && g.model === model);
      if (!found) throw new Error(`seeds: no ${model} group "${slug}"`);
      return found.id;
    },
    /** The id of the group named "<Namespace>/<Model>/<slug>"; undefined when none. */
    byPath(name: string) {
      const [namespace, model, slug, ...rest] = name.split("/");
      if (rest.length > 0) return undefined;
      return rows.find((g) => g.namespace === namespace && g.model === model && g.slug === slug)?.id;
    },
  };
}
