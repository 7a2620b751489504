/** Pages and page blocks in the API's shape (spec section 3, "Page"). */
import { type z } from "zod";

import { answer } from "../contract/answer";
import { pageBlockSchema, pageSchema, type rowSchema } from "../contract/pages";
import type { pageBlocks, pages } from "../db/schema";
import type { VisibleContent } from "./visibility";

export type PageRow = typeof pages.$inferSelect;
export type BlockRow = typeof pageBlocks.$inferSelect;

/**
 * Rows are stored as JSON documents (checked on write by the admin API's document schema), so
 * their type here is the contract's; `cms/contract.test.ts` checks the seeded site's at run time.
 */
type Rows = z.input<typeof rowSchema>[];

/** A page block in the API's shape: its columns with the wrapper settings spread in. */
export function serializeBlock(block: BlockRow) {
  return answer(pageBlockSchema, {
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
  });
}

export type SerializedBlock = ReturnType<typeof serializeBlock>;

/** The `pb` form's content of a page: its rows and page blocks as they are shown, and when that changes next. */
export type PageContent = VisibleContent<SerializedBlock>;

/** A page in the API's shape; given its content (the `pb` form), with its rows, page blocks and next change. */
export function serializePage(page: PageRow, content: PageContent | null) {
  return answer(pageSchema, {
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
    ...(content
      ? { rows: content.rows as Rows, pageContents: content.pageContents, next_change_at: content.next_change_at }
      : {}),
  });
}

export type SerializedPage = ReturnType<typeof serializePage>;
