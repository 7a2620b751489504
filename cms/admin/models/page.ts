/** The page model's settings (its content goes through the page calls of page-docs.ts). */
import { inArray, sql } from "drizzle-orm";
import { z } from "zod";

import { pages, redirects } from "../../db/schema";
import { apiPaths } from "../../events";
import type { ModelDef } from "../registry";
import { required, text } from "./fields";

const pageUrl = required(500)
  .transform((url) => url.replace(/^\/+|\/+$/g, ""))
  .pipe(z.string().regex(/^[a-z0-9][a-z0-9/_-]*$/, "must be a path of lower-case letters, digits, dashes and slashes"));

const settings = {
  name: required(),
  slug: required(200).regex(/^[a-z0-9-]+$/, "must be lower-case letters, digits and dashes"),
  url: pageUrl,
  title: text().default(""),
  seo_title: text().nullable().optional(),
  meta_description: text(1000).default(""),
  priority: z.number().int().min(0).max(100).nullable().optional(),
};

const pagePaths = (url: unknown) => (typeof url === "string" ? [apiPaths.page(url)] : []);

export const page: ModelDef = {
  name: "page",
  table: pages,
  create: z.object(settings).strict(),
  update: z.object(settings).partial().extend({ redirect_from_old: z.boolean().optional() }).strict(),
  search: ["name", "url", "title"],
  sort: ["id", "name", "url", "priority", "updated_at"],
  // The document columns are the page calls' (page-docs.ts), not the settings'.
  omit: ["rows", "draft"],
  paths: (record, before) => [
    ...pagePaths(record.url),
    ...pagePaths(before?.url),
    apiPaths.pageList,
    apiPaths.initialData,
  ],
  // The list shows which pages have a draft waiting.
  async extend(db, records) {
    const ids = records.map((r) => r.id as number);
    if (ids.length === 0) return;
    const rows = await db
      .select({ id: pages.id, hasDraft: sql<boolean>`${pages.draft} is not null` })
      .from(pages)
      .where(inArray(pages.id, ids));
    const drafts = new Map(rows.map((r) => [r.id, r.hasDraft]));
    for (const record of records) record.has_draft = drafts.get(record.id as number) ?? false;
  },
  // A page moved to another url can leave a redirect from the old one, in the same transaction.
  async after(ctx, row, input, before) {
    if (!before || !input.redirect_from_old || before.url === row.url) return;
    await ctx.tx
      .insert(redirects)
      .values({ fromPath: `/${before.url as string}`, toPath: `/${row.url as string}` })
      .onConflictDoUpdate({ target: redirects.fromPath, set: { toPath: sql`excluded.to_path` } });
  },
};
