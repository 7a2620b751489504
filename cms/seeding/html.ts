/**
 * CMS HTML is sanitised when it is saved (decision 069): the seeds go in through the same
 * allowlist the site applies again when it renders, with the domain's own embed origins.
 */
import {
  EMBED_ORIGINS_SETTING,
  embedOriginsSchema,
  sanitizeBlockVariables,
  sanitizeCmsHtml,
  sanitizePageContent,
  sanitizeRows,
} from "../contract/html-allowlist";
import type { SeedData } from "./files";

/** The domain's embed origins, checked strictly: a bad entry stops the seed, naming the setting. */
export function seededEmbedOrigins(settings: Record<string, unknown>, where = "seeds/domain.json"): string[] {
  const raw = settings[EMBED_ORIGINS_SETTING];
  if (raw === undefined) return [];
  const parsed = embedOriginsSchema.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    throw new Error(`${where}: settings.${EMBED_ORIGINS_SETTING}.${issue.path.join(".")}: ${issue.message}`);
  }
  return parsed.data;
}

type Groups = SeedData["groups"];

function sanitizeGroups(groups: Groups, origins: string[]): Groups {
  return groups.map((g) => ({
    ...g,
    ...(g.content !== undefined ? { content: sanitizeCmsHtml(g.content, origins) } : {}),
    ...(g.children ? { children: sanitizeGroups(g.children, origins) } : {}),
  }));
}

/** The seeds with every HTML field sanitised: pages, page blocks, groups, products, people and FAQs. */
export function sanitizeSeedHtml(data: SeedData, origins: string[]): SeedData {
  return {
    ...data,
    pages: data.pages.map((page) => ({
      ...page,
      content: sanitizePageContent(page.content, origins),
      rows: sanitizeRows(page.rows, origins),
      pageContents: page.pageContents.map((pb) => ({
        ...pb,
        variables: sanitizeBlockVariables(pb.template, pb.variables, origins),
      })),
    })),
    groups: sanitizeGroups(data.groups, origins),
    products: data.products.map((p) => ({ ...p, description: sanitizeCmsHtml(p.description, origins) })),
    ...(data.people
      ? { people: data.people.map((p) => ({ ...p, description: sanitizeCmsHtml(p.description, origins) })) }
      : {}),
    ...(data.faqs ? { faqs: data.faqs.map((f) => ({ ...f, content: sanitizeCmsHtml(f.content, origins) })) } : {}),
  };
}
