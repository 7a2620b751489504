import { readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "./db/client";
import { domains, groups, links, pageBlocks, pages, redirects } from "./db/schema";

export const defaultSeedsDir = fileURLToPath(new URL("../seeds", import.meta.url));

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

interface GroupSeed {
  namespace?: string;
  model?: string;
  name: string;
  slug: string;
  content?: string;
  meta_description?: string;
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
    children: z.array(groupSeedSchema).optional(),
  }),
);

const seedFilesSchema = {
  domain: z.object({ name: z.string(), settings: z.record(z.unknown()) }),
  pages: z.array(pageSeedSchema),
  groups: z.array(groupSeedSchema),
  links: z.array(z.object({ parent: z.string(), name: z.string(), link: z.string(), icon: z.string().default("") })),
  redirects: z.array(z.object({ from: z.string(), to: z.string() })),
};

export type SeedData = { [K in keyof typeof seedFilesSchema]: z.infer<(typeof seedFilesSchema)[K]> };

/** Reads and validates every seed file; a bad file throws with its name and the failing field. */
export function readSeeds(dir = defaultSeedsDir): SeedData {
  const out = {} as Record<string, unknown>;
  for (const [name, schema] of Object.entries(seedFilesSchema)) {
    const file = path.join(dir, `${name}.json`);
    const parsed = schema.safeParse(JSON.parse(readFileSync(file, "utf8")));
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`seeds/${name}.json: ${issue.path.join(".")}: ${issue.message}`);
    }
    out[name] = parsed.data;
  }
  return out as SeedData;
}

const blockColumns = new Set(["sort_order", "name", "template", "variables", "hidden", "start_time", "end_time", "deleted"]);

/**
 * Loads the seeds into an empty database, in one transaction. Idempotent: when the site
 * already has a domain row nothing is added. An advisory lock keeps two instances starting
 * at once against one PostgreSQL from both seeding.
 */
export async function seedIfEmpty(db: Db, data: SeedData = readSeeds()): Promise<boolean> {
  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
    const existing = await tx.select({ id: domains.id }).from(domains).limit(1);
    if (existing.length > 0) return false;

    await tx.insert(domains).values({ name: data.domain.name, settings: data.domain.settings });

    for (const page of data.pages) {
      const [row] = await tx
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
          rows: page.rows,
        })
        .returning({ id: pages.id });
      for (const block of page.pageContents) {
        const settings = Object.fromEntries(Object.entries(block).filter(([k]) => !blockColumns.has(k)));
        await tx.insert(pageBlocks).values({
          pageId: row.id,
          sortOrder: block.sort_order,
          name: block.name,
          template: block.template,
          variables: block.variables,
          settings,
          hidden: block.hidden,
          startTime: block.start_time ? new Date(block.start_time) : null,
          endTime: block.end_time ? new Date(block.end_time) : null,
          deleted: block.deleted,
        });
      }
    }

    for (const tree of data.groups) await insertGroupTree(tx as unknown as Db, tree);

    if (data.links.length) {
      await tx.insert(links).values(data.links.map((l, i) => ({ ...l, sortOrder: i })));
    }
    if (data.redirects.length) {
      await tx.insert(redirects).values(data.redirects.map((r) => ({ fromPath: r.from, toPath: r.to })));
    }
    return true;
  });
}

/** Inserts a tree of groups, numbering it as a nested set (lft/rgt/level) with the root's id as `root`. */
async function insertGroupTree(db: Db, tree: GroupSeed) {
  const namespace = tree.namespace ?? "Catalogue";
  const model = tree.model ?? "Product";
  type Flat = { node: GroupSeed; lft: number; rgt: number; level: number; order: number };
  const flat: Flat[] = [];
  let counter = 1;
  const walk = (node: GroupSeed, level: number, order: number) => {
    const entry: Flat = { node, lft: counter++, rgt: 0, level, order };
    flat.push(entry);
    (node.children ?? []).forEach((child, i) => walk(child, level + 1, i));
    entry.rgt = counter++;
  };
  walk(tree, 0, 0);

  let rootId = 0;
  for (const { node, lft, rgt, level, order } of flat) {
    const [row] = await db
      .insert(groups)
      .values({
        namespace,
        model,
        name: node.name,
        slug: node.slug,
        url: level === 0 ? node.slug : `${tree.slug}/${node.slug}`,
        content: node.content ?? "",
        metaDescription: node.meta_description ?? "",
        root: rootId,
        lft,
        rgt,
        level,
        sortOrder: order,
      })
      .returning({ id: groups.id });
    if (level === 0) {
      rootId = row.id;
      await db.update(groups).set({ root: rootId }).where(sql`${groups.id} = ${rootId}`);
    }
  }
}
