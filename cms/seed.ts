import { existsSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { sql } from "drizzle-orm";
import { z } from "zod";
import type { Db } from "./db/client";
import { domains, groups, links, pageBlocks, pages, productPhotos, products, redirects, slides } from "./db/schema";
import { describeImage, type DescribedImage, insertImage } from "./media/store";
import { CONTENT_SEED_FILE_NAMES, contentImageFiles, contentSeedFilesSchema, seedContent, type ContentSeeds } from "./seed-content";
import { seedVideoBytes } from "./seed-media";
import { findReferences, resolveReferences, UnknownSeedReference, type ReferenceKind } from "./seed-refs";

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

const seedFilesSchema = {
  domain: z.object({ name: z.string(), settings: z.record(z.unknown()) }),
  pages: z.array(pageSeedSchema),
  groups: z.array(groupSeedSchema),
  links: z.array(z.object({ parent: z.string(), name: z.string(), link: z.string(), icon: z.string().default("") })),
  redirects: z.array(z.object({ from: z.string(), to: z.string() })),
  products: z
    .array(
      z.object({
        group: z.string(),
        name: z.string(),
        slug: z.string(),
        description: z.string().default(""),
        price: z.number().nonnegative(),
        photos: z.array(z.string()).default([]),
      }),
    )
    .default([]),
  slides: z
    .array(
      z.object({
        group: z.string(),
        heading: z.string().default(""),
        sub_heading: z.string().default(""),
        sub_heading_1: z.string().default(""),
        content: z.string().default(""),
        footer: z.string().default(""),
        image: z.string().optional(),
        link: z.string().default(""),
        link_button_text: z.string().default(""),
        link_target: z.string().default(""),
        overlay_color: z.string().nullable().default(null),
        text_color: z.string().nullable().default(null),
        image_opacity: z.number().int().nullable().default(null),
        image_saturation: z.number().int().nullable().default(null),
      }),
    )
    .default([]),
};

/** Seed files that may be absent (an empty list then). */
const OPTIONAL_SEED_FILES = new Set(["products", "slides", ...Object.keys(contentSeedFilesSchema)]);

export type SeedData = { [K in keyof typeof seedFilesSchema]: z.infer<(typeof seedFilesSchema)[K]> } & Partial<ContentSeeds> & {
  /** The seeds folder: images are read from its images/ subfolder. */
  dir: string;
};

/** Reads and validates every seed file; a bad file throws with its name and the failing field. */
export function readSeeds(dir = defaultSeedsDir): SeedData {
  const out = {} as Record<string, unknown>;
  for (const [name, schema] of Object.entries({ ...seedFilesSchema, ...contentSeedFilesSchema })) {
    const fileName = CONTENT_SEED_FILE_NAMES[name as keyof ContentSeeds] ?? name;
    const file = path.join(dir, `${fileName}.json`);
    const raw = OPTIONAL_SEED_FILES.has(name) && !existsSync(file) ? [] : JSON.parse(readFileSync(file, "utf8"));
    const parsed = schema.safeParse(raw);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new Error(`seeds/${fileName}.json: ${issue.path.join(".")}: ${issue.message}`);
    }
    out[name] = parsed.data;
  }
  return { ...out, dir } as SeedData;
}

const blockColumns = new Set(["sort_order", "name", "template", "variables", "hidden", "start_time", "end_time", "deleted"]);

/**
 * Loads the seeds into an empty database, in one transaction. Idempotent: when the site
 * already has a domain row nothing is added. An advisory lock keeps two instances starting
 * at once against one PostgreSQL from both seeding. The slow work (describing images, making
 * the background videos) happens before the transaction, and only when the database is empty.
 */
export async function seedIfEmpty(db: Db, data: SeedData = readSeeds()): Promise<boolean> {
  if ((await db.select({ id: domains.id }).from(domains).limit(1)).length > 0) return false;
  const [seedImages, videoBytes] = await Promise.all([describeSeedImages(data), prepareVideos(data)]);

  return db.transaction(async (tx) => {
    await tx.execute(sql`select pg_advisory_xact_lock(727001)`);
    const existing = await tx.select({ id: domains.id }).from(domains).limit(1);
    if (existing.length > 0) return false;

    await tx.insert(domains).values({ name: data.domain.name, settings: data.domain.settings });

    const imageHash = async (file: string | undefined) => {
      if (!file) return null;
      const image = seedImages.get(file);
      if (!image) throw new Error(`seeds/images/${file}: missing`);
      return (await insertImage(tx as unknown as Db, image)).hash;
    };

    for (const tree of data.groups) await insertGroupTree(tx as unknown as Db, tree, imageHash);

    const groupRows = await tx.select({ id: groups.id, slug: groups.slug, model: groups.model, namespace: groups.namespace }).from(groups);
    const groupId = (slug: string, model: string) => {
      const found = groupRows.find((g) => g.slug === slug && g.model === model);
      if (!found) throw new Error(`seeds: no ${model} group "${slug}"`);
      return found.id;
    };
    const order = new Map<number, number>();
    for (const p of data.products) {
      const gid = groupId(p.group, "Product");
      const sortOrder = order.get(gid) ?? 0;
      order.set(gid, sortOrder + 1);
      const [row] = await tx
        .insert(products)
        .values({ groupId: gid, name: p.name, slug: p.slug, description: p.description, priceCents: Math.round(p.price * 100), sortOrder })
        .returning({ id: products.id });
      for (const [i, file] of p.photos.entries()) {
        await tx.insert(productPhotos).values({ productId: row.id, imageHash: (await imageHash(file))!, sortOrder: i });
      }
    }
    for (const [i, sl] of data.slides.entries()) {
      await tx.insert(slides).values({
        groupId: groupId(sl.group, "Slide"),
        heading: sl.heading,
        subHeading: sl.sub_heading,
        subHeading1: sl.sub_heading_1,
        content: sl.content,
        footer: sl.footer,
        imageHash: await imageHash(sl.image),
        overlayColor: sl.overlay_color,
        textColor: sl.text_color,
        imageOpacity: sl.image_opacity,
        imageSaturation: sl.image_saturation,
        link: sl.link,
        linkButtonText: sl.link_button_text,
        linkTarget: sl.link_target,
        sortOrder: i,
      });
    }

    const content = await seedContent(tx as unknown as Db, data, { imageHash, groupId, videoBytes });

    // Pages last: their rows and blocks may refer to the media and groups seeded above.
    const reference = async (kind: ReferenceKind, name: string) => {
      if (kind === "image") return seedImages.has(name) ? ((await imageHash(name)) ?? undefined) : undefined;
      if (kind === "video") return content.videoIds.get(name);
      if (kind === "gallery") return content.galleryIds.get(name);
      const [namespace, model, slug, ...rest] = name.split("/");
      if (rest.length > 0) return undefined;
      return groupRows.find((g) => g.namespace === namespace && g.model === model && g.slug === slug)?.id;
    };
    for (const page of data.pages) {
      const where = `seeds/pages.json: page "${page.url}"`;
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
          rows: await resolveReferences(page.rows, reference, where),
        })
        .returning({ id: pages.id });
      for (const block of page.pageContents) {
        const settings = Object.fromEntries(Object.entries(block).filter(([k]) => !blockColumns.has(k)));
        await tx.insert(pageBlocks).values({
          pageId: row.id,
          sortOrder: block.sort_order,
          name: block.name,
          template: block.template,
          variables: await resolveReferences(block.variables, reference, where),
          settings: await resolveReferences(settings, reference, where),
          hidden: block.hidden,
          startTime: block.start_time ? new Date(block.start_time) : null,
          endTime: block.end_time ? new Date(block.end_time) : null,
          deleted: block.deleted,
        });
      }
    }

    if (data.links.length) {
      await tx.insert(links).values(data.links.map((l, i) => ({ ...l, sortOrder: i })));
    }
    if (data.redirects.length) {
      await tx.insert(redirects).values(data.redirects.map((r) => ({ fromPath: r.from, toPath: r.to })));
    }
    return true;
  });
}

/** The background videos the seeds declare, made (once per process) from their stills. */
async function prepareVideos(data: SeedData) {
  const entries = await Promise.all(
    (data.videos ?? []).map(async (v) => [v.key, await seedVideoBytes(seedImagePath(data, v.image), v.seconds)] as const),
  );
  return new Map(entries);
}

/** The file of a seed image, refusing paths that leave seeds/images. */
function seedImagePath(data: SeedData, file: string) {
  const root = path.resolve(data.dir, "images");
  const full = path.resolve(root, file);
  if (!full.startsWith(root + path.sep)) throw new Error(`seeds: bad image path ${file}`);
  return full;
}

/** Inserts a tree of groups, numbering it as a nested set (lft/rgt/level) with the root's id as `root`. */
async function insertGroupTree(db: Db, tree: GroupSeed, imageHash: (file: string | undefined) => Promise<string | null>) {
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
      await db.update(groups).set({ root: rootId }).where(sql`${groups.id} = ${rootId}`);
    }
  }
}

/** Every image the seeds name, read and described once per seeds folder (in parallel, outside any transaction). */
const describedSeeds = new Map<string, Promise<Map<string, DescribedImage>>>();

function describeSeedImages(data: SeedData) {
  const files = new Set<string>();
  const walk = (g: GroupSeed) => {
    if (g.image) files.add(g.image);
    g.children?.forEach(walk);
  };
  data.groups.forEach(walk);
  for (const p of data.products) p.photos.forEach((f) => files.add(f));
  for (const sl of data.slides) if (sl.image) files.add(sl.image);
  contentImageFiles(data).forEach((f) => files.add(f));
  // Images the pages refer to ("@image:<path>"); a missing one fails the seed with its reference.
  for (const ref of findReferences(data.pages)) {
    if (ref.kind !== "image") continue;
    let found = false;
    try {
      found = existsSync(seedImagePath(data, ref.name));
    } catch {
      // a path outside seeds/images is no seed image either
    }
    if (!found) throw new UnknownSeedReference(`seeds/pages.json: unknown reference "${ref.ref}" (no such file in seeds/images)`);
    files.add(ref.name);
  }
  const key = `${data.dir}|${[...files].sort().join(",")}`;
  let pending = describedSeeds.get(key);
  if (!pending) {
    pending = Promise.all(
      [...files].map(async (file) => [file, await describeImage(readFileSync(seedImagePath(data, file)), file)] as const),
    ).then((entries) => new Map(entries));
    pending.catch(() => describedSeeds.delete(key));
    describedSeeds.set(key, pending);
  }
  return pending;
}
