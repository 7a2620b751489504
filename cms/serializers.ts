import type { InferSelectModel } from "drizzle-orm";
import type { groups, links, pageBlocks, pages } from "./db/schema";

type PageRow = InferSelectModel<typeof pages>;
type BlockRow = InferSelectModel<typeof pageBlocks>;
type GroupRow = InferSelectModel<typeof groups>;
type LinkRow = InferSelectModel<typeof links>;

/** A page block in the API's shape: its columns with the wrapper settings spread in. */
export function serializeBlock(block: BlockRow) {
  return {
    ...block.settings,
    id: block.id,
    sort_order: block.sortOrder,
    name: block.name,
    template: block.template,
    variables: block.variables,
    hidden: block.hidden,
    start_time: block.startTime?.toISOString() ?? null,
    end_time: block.endTime?.toISOString() ?? null,
    deleted: block.deleted,
  };
}

/** A page in the API's shape (spec section 3, "Page"). `pb` adds rows and page blocks. */
export function serializePage(page: PageRow, blocks: BlockRow[] | null) {
  return {
    id: page.id,
    name: page.name,
    slug: page.slug,
    url: page.url,
    item_url: null,
    title: page.title,
    seo_title: page.seoTitle,
    meta_description: page.metaDescription,
    priority: page.priority,
    sitemap_model: page.sitemapModel,
    sitemap_group_model: page.sitemapGroupModel,
    content: page.content,
    updated_at: page.updatedAt.toISOString(),
    ...(blocks ? { rows: page.rows, pageContents: blocks.map(serializeBlock) } : {}),
  };
}

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
  return {
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
  };
}

/**
 * Builds trees from nested-set rows: a node's children are the rows of the same root and model
 * whose lft/rgt lie inside its own, one level down, and at most `maxDepth` levels below the top.
 */
export function buildGroupTrees(rows: GroupRow[], maxDepth = 10, images?: Map<string, unknown>): GroupNode[] {
  const sorted = [...rows].sort((a, b) => a.root - b.root || a.lft - b.lft);
  const tops: GroupNode[] = [];
  const stack: GroupNode[] = [];
  for (const row of sorted) {
    const node = serializeGroup(row, images);
    while (stack.length && !(stack[stack.length - 1].root === node.root && stack[stack.length - 1].rgt > node.lft)) {
      stack.pop();
    }
    const parent = stack[stack.length - 1];
    if (parent && node.level - tops[tops.length - 1].level <= maxDepth) parent.children.push(node);
    else if (!parent) tops.push(node);
    stack.push(node);
  }
  return tops;
}

export function serializeLink(l: LinkRow) {
  return { id: l.id, name: l.name, link: l.link, icon: l.icon, parent: l.parent };
}
