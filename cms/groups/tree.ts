/** Groups in the API's shape, and the trees built from their nested-set rows (pure functions). */
import { answer } from "../contract/answer";
import { groupSchema } from "../contract/groups";
import type { groups } from "../db/schema";

type GroupRow = typeof groups.$inferSelect;

export interface GroupNode {
  id: number;
  name: string;
  url: string;
  slug: string;
  content: string;
  meta_description: string;
  image: unknown;
  model: string;
  namespace: string;
  root: number;
  lft: number;
  rgt: number;
  level: number;
  updated_at: string;
  children: GroupNode[];
}

export function serializeGroup(g: GroupRow, images?: Map<string, unknown>): GroupNode {
  return answer(groupSchema, {
    id: g.id,
    name: g.name,
    url: g.url,
    slug: g.slug,
    content: g.content,
    meta_description: g.metaDescription,
    image: (g.imageHash && images?.get(g.imageHash)) || null,
    model: g.model,
    namespace: g.namespace,
    root: g.root,
    lft: g.lft,
    rgt: g.rgt,
    level: g.level,
    updated_at: g.updatedAt.toISOString(),
    children: [],
  });
}

/**
 * Builds trees from nested-set rows: a node's children are the rows of the same root and model
 * whose lft/rgt lie inside its own, one level down, and at most `maxDepth` levels below the top.
 */
export function buildGroupTrees(rows: GroupRow[], maxDepth = 10, images?: Map<string, unknown>): GroupNode[] {
  const sorted = [...rows].sort((a, b) => a.root - b.root || a.lft - b.lft);
  const tops: GroupNode[] = [];
  const stack: GroupNode[] = [];
  const encloses = (outer: GroupNode, inner: GroupNode) => outer.root === inner.root && outer.rgt > inner.lft;
  for (const row of sorted) {
    const node = serializeGroup(row, images);
    while (stack.length && !encloses(stack[stack.length - 1], node)) stack.pop();
    const parent = stack[stack.length - 1];
    if (parent && node.level - tops[tops.length - 1].level <= maxDepth) parent.children.push(node);
    else if (!parent) tops.push(node);
    stack.push(node);
  }
  return tops;
}

/** The node of `slug` anywhere in the trees, depth first. */
export function findNode(nodes: GroupNode[], slug: string): GroupNode | undefined {
  for (const n of nodes) {
    if (n.slug === slug) return n;
    const hit = findNode(n.children, slug);
    if (hit) return hit;
  }
}
