/**
 * The search area's service: full-text search over pages, products, catalogue categories,
 * galleries and FAQs (decision 061). Each table has a generated, weighted `search_vector` (title A,
 * headings B, body C) with a GIN index, made with the `dovetail_search` configuration (English
 * stemming, and unaccent when the server has it); results are ranked, grouped by kind, and carry a
 * highlighted snippet, a site URL and an image record.
 */
import { and, asc, eq, gt, isNotNull, ne, type SQL, sql } from "drizzle-orm";

import { answer } from "../contract/answer";
import { SEARCH_KINDS, type SearchKind, searchResultSchema } from "../contract/search";
import type { Db } from "../db/client";
import { faqs, galleries, gallerySlides, groups, pages, productPhotos, products } from "../db/schema";
import { type ImageOptions, loadImageRecords, recordOf } from "../media/service";
import { snippetHtml, START_MARK, STOP_MARK, tsqueryTerms } from "./query";

export interface SearchRequest {
  q: string;
  /** The most results of each kind. */
  pageSize: number;
  image: ImageOptions;
}

interface Hit {
  id: number;
  title: string;
  url: string | null;
  headline: string;
  imageHash: string | null;
}

const HEADLINE_OPTIONS =
  `StartSel=${START_MARK}, StopSel=${STOP_MARK}, MaxWords=28, MinWords=12, ShortWord=2, ` +
  `MaxFragments=2, FragmentDelimiter=" … "`;

const vectorOf = (table: string) => sql.raw(`"${table}"."search_vector"`);

/** Where a gallery or FAQ is shown: pages with gallery, gallery-group and FAQ widgets (a few rows). */
async function widgetPlaces(db: Db) {
  const answer = await db.execute(sql`
    select p.url, w ->> 'type' as type, w -> 'fields' ->> 'group' as "group", w -> 'fields' ->> 'id' as id
    from ${pages} p,
      jsonb_path_query(p.rows, 'lax $[*].blocks[*].widgets[*] ? (!(@.deleted == true) && (@.type == "core/faq" || @.type == "core/gallery" || @.type == "core/gallery_group"))') as w
    where p.priority is not null
    order by p.priority desc, p.id`);
  return (answer as unknown as { rows: WidgetPlace[] }).rows;
}

interface WidgetPlace {
  url: string;
  type: string;
  group: string | null;
  id: string | null;
}

/** The site path of a page url ("home" is the root). */
const pagePath = (url: string) => (url === "home" ? "/" : `/${url}`);

/** Searches the site; null when the query has no words (nothing is searched then). */
export async function search(db: Db, request: SearchRequest) {
  const terms = tsqueryTerms(request.q);
  if (terms === null) return null;
  // Whole words stemmed; the last one also unstemmed as a prefix, since stemming cuts a half-typed
  // word short ("settings" is indexed as "set", which "sett" does not prefix).
  const query = sql`(${sql.join(
    [
      ...terms.words.map((w) => sql`to_tsquery('dovetail_search', ${w})`),
      sql`(to_tsquery('dovetail_search', ${terms.last}) || to_tsquery('dovetail_prefix', ${terms.last}))`,
    ],
    sql` && `,
  )})`;
  const rank = (table: string) => sql<number>`ts_rank(${vectorOf(table)}, ${query})`;
  const headline = (source: SQL) =>
    sql<string>`ts_headline('dovetail_search', ${source}, ${query}, ${HEADLINE_OPTIONS})`;
  const matches = (table: string) => sql`${vectorOf(table)} @@ ${query}`;
  const limit = request.pageSize;

  const productRows = await db
    .select({
      id: products.id,
      title: products.name,
      slug: products.slug,
      groupUrl: groups.url,
      headline: headline(sql`search_html_text(${products.description})`),
      imageHash: sql<
        string | null
      >`(select ${productPhotos.imageHash} from ${productPhotos} where ${productPhotos.productId} = ${products.id} order by ${productPhotos.sortOrder}, ${productPhotos.id} limit 1)`,
    })
    .from(products)
    .innerJoin(groups, eq(groups.id, products.groupId))
    .where(and(matches("products"), eq(products.enabled, true)))
    .orderBy(sql`${rank("products")} desc`, asc(products.sortOrder), asc(products.id))
    .limit(limit);

  const categoryRows = await db
    .select({
      id: groups.id,
      title: groups.name,
      url: groups.url,
      headline: headline(sql`${groups.metaDescription} || ' ' || search_html_text(${groups.content})`),
      imageHash: groups.imageHash,
    })
    .from(groups)
    .where(and(matches("groups"), eq(groups.namespace, "Catalogue"), eq(groups.model, "Product"), gt(groups.level, 0)))
    .orderBy(sql`${rank("groups")} desc`, asc(groups.lft))
    .limit(limit);

  const pageRows = await db
    .select({
      id: pages.id,
      title: pages.title,
      name: pages.name,
      url: pages.url,
      headline: headline(
        sql`${pages.metaDescription} || ' ' || search_html_text(${pages.content}) || ' ' || search_page_body(${pages.rows})`,
      ),
    })
    .from(pages)
    .where(and(matches("pages"), isNotNull(pages.priority), ne(pages.url, "error")))
    .orderBy(sql`${rank("pages")} desc`, sql`${pages.priority} desc`, asc(pages.id))
    .limit(limit);

  const galleryRows = await db
    .select({
      id: galleries.id,
      title: galleries.heading,
      name: galleries.name,
      url: galleries.url,
      groupSlug: groups.slug,
      headline: headline(sql`${galleries.subHeading}`),
      imageHash: sql<
        string | null
      >`(select ${gallerySlides.imageHash} from ${gallerySlides} where ${gallerySlides.galleryId} = ${galleries.id} order by ${gallerySlides.sortOrder}, ${gallerySlides.id} limit 1)`,
    })
    .from(galleries)
    .leftJoin(groups, eq(groups.id, galleries.groupId))
    .where(matches("galleries"))
    .orderBy(sql`${rank("galleries")} desc`, asc(galleries.sortOrder), asc(galleries.id))
    .limit(limit);

  const faqRows = await db
    .select({
      id: faqs.id,
      title: faqs.name,
      groupSlug: groups.slug,
      groupId: faqs.groupId,
      headline: headline(sql`search_html_text(${faqs.content})`),
    })
    .from(faqs)
    .leftJoin(groups, eq(groups.id, faqs.groupId))
    .where(matches("faqs"))
    .orderBy(sql`${rank("faqs")} desc`, asc(faqs.sortOrder), asc(faqs.id))
    .limit(limit);

  const places = galleryRows.length > 0 || faqRows.length > 0 ? await widgetPlaces(db) : [];
  const galleryUrl = (g: (typeof galleryRows)[number]) => {
    const inGroup = places.find((p) => p.type === "core/gallery_group" && g.groupSlug && p.group === g.groupSlug);
    if (inGroup) return `${pagePath(inGroup.url)}/${encodeURIComponent(g.url)}`;
    const shown = places.find((p) => p.type === "core/gallery" && (p.id === g.url || p.id === String(g.id)));
    return shown ? pagePath(shown.url) : null;
  };
  const faqUrl = (f: (typeof faqRows)[number]) => {
    const keys = [f.groupSlug, f.groupId === null ? null : String(f.groupId)].filter(Boolean);
    const shown = places.find((p) => p.type === "core/faq" && p.group !== null && keys.includes(p.group));
    return shown ? `${pagePath(shown.url)}#${encodeURIComponent(shown.group!)}-heading` : null;
  };

  const hits: Record<SearchKind, Hit[]> = {
    product: productRows.map((p) => ({ ...p, url: `/${p.groupUrl}/${p.slug}` })),
    category: categoryRows.map((g) => ({ ...g, url: `/${g.url}` })),
    page: pageRows.map((p) => ({ ...p, title: p.title || p.name, url: pagePath(p.url), imageHash: null })),
    gallery: galleryRows.map((g) => ({ ...g, title: g.title || g.name, url: galleryUrl(g) })),
    faq: faqRows.map((f) => ({ ...f, url: faqUrl(f), imageHash: null })),
  };
  const all = Object.values(hits).flat();
  const images = await loadImageRecords(
    db,
    all.map((h) => h.imageHash),
    request.image,
  );
  const groupsOut = SEARCH_KINDS.map((kind) => ({
    kind,
    data: hits[kind]
      .filter((h) => h.url !== null)
      .map((h) =>
        answer(searchResultSchema, {
          id: h.id,
          kind,
          title: h.title,
          url: h.url!,
          snippet: snippetHtml(h.headline),
          image: recordOf(images, h.imageHash),
        }),
      ),
  })).filter((g) => g.data.length > 0);
  return { groups: groupsOut, total: groupsOut.reduce((n, g) => n + g.data.length, 0) };
}
