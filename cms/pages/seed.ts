/**
 * The pages area's seeds: `pages.json`, pages with their rows and page blocks. Rows, block
 * variables and block settings may refer to other seeded records ("@image:", "@video:",
 * "@gallery:", "@group:"; see seeding/refs.ts), so pages go in last.
 */
import { z } from "zod";

import type { Db } from "../db/client";
import { pageBlocks, pages } from "../db/schema";
import { type ReferenceKind, resolveReferences } from "../seeding/refs";

const pageBlockSeedSchema = z
  .object({
    sort_order: z.number().int().default(0),
    name: z.string().default(""),
    template: z.string(),
    variables: z.record(z.unknown()).default({}),
    hidden: z.boolean().default(false),
    start_time: z.string().datetime({ offset: true }).nullable().default(null),
    end_time: z.string().datetime({ offset: true }).nullable().default(null),
    deleted: z.boolean().default(false),
  })
  .passthrough();

export const pageSeedSchema = z.object({
  name: z.string(),
  slug: z.string(),
  url: z.string(),
  title: z.string().default(""),
  seo_title: z.string().nullable().default(null),
  meta_description: z.string().default(""),
  priority: z.number().int().nullable().default(null),
  content: z.string().default(""),
  rows: z.array(z.unknown()).default([]),
  pageContents: z.array(pageBlockSeedSchema).default([]),
});

export const pageSeedsSchema = z.array(pageSeedSchema);

type PageSeed = z.infer<typeof pageSeedSchema>;
type BlockSeed = z.infer<typeof pageBlockSeedSchema>;

/** What a reference names: an image's hash or a record's id; undefined when nothing is seeded by that name. */
export type ReferenceResolver = (kind: ReferenceKind, name: string) => Promise<string | number | undefined>;

/** A block's keys that are columns; the rest are its wrapper settings. */
const blockColumns = new Set(Object.keys(pageBlockSeedSchema.shape));

async function insertBlock(db: Db, pageId: number, block: BlockSeed, resolve: ReferenceResolver, where: string) {
  const settings = Object.fromEntries(Object.entries(block).filter(([k]) => !blockColumns.has(k)));
  await db.insert(pageBlocks).values({
    pageId,
    sortOrder: block.sort_order,
    name: block.name,
    template: block.template,
    variables: await resolveReferences(block.variables, resolve, where),
    settings: await resolveReferences(settings, resolve, where),
    hidden: block.hidden,
    startTime: block.start_time ? new Date(block.start_time) : null,
    endTime: block.end_time ? new Date(block.end_time) : null,
    deleted: block.deleted,
  });
}

/** Inserts the pages and their blocks, with every reference replaced; an unknown one stops the seed naming it. */
export async function seedPages(db: Db, seeds: PageSeed[], resolve: ReferenceResolver) {
  for (const page of seeds) {
    const where = `seeds/pages.json: page "${page.url}"`;
    const [row] = await db
      .insert(pages)
      .values({
        name: page.name,
        slug: page.slug,
        url: page.url,
        title: page.title,
        seoTitle: page.seo_title,
        metaDescription: page.meta_description,
        priority: page.priority,
        content: page.content,
        rows: await resolveReferences(page.rows, resolve, where),
      })
      .returning({ id: pages.id });
    for (const block of page.pageContents) await insertBlock(db, row.id, block, resolve, where);
  }
}
