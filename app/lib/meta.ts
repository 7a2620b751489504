import type { MetaDescriptor } from "@remix-run/node";

import type { ItemHead } from "~/page-builder/define-widget";
import type { PageHeadPaging } from "~/page-builder/paging/page-paging";

import { documentTitle, type HeadSettings, sitemapEntryFor } from "./seo";
import { isShareImageTag, type ShareImage, shareImageMeta } from "./share-image";
import { type ProductFacts, productNode } from "./structured-data";

/** A child route's meta replaces its parents': start from the root's head and add to it. */
export function withRootMeta(matches: { id: string; meta: MetaDescriptor[] }[], extra: MetaDescriptor[]) {
  const root = matches.find((m) => m.id === "root")?.meta ?? [];
  const names = new Set(extra.map((m) => ("name" in m ? m.name : undefined)).filter(Boolean));
  // A page's own title replaces the root's: a document has one <title>.
  const ownTitle = extra.some((m) => "title" in m);
  return [
    ...root.filter(
      (m) =>
        !("name" in m && names.has(m.name)) &&
        !("tagName" in m && m.rel === "canonical") &&
        !(ownTitle && "title" in m),
    ),
    ...extra,
  ];
}

/**
 * A product page's head: the root's, typed `product` for Open Graph with its price, and with a
 * Product (and its Offer) added to the JSON-LD graph. (A route's meta sees only its own and its
 * parents' data, so the root cannot add it itself.)
 */
export function withProductMeta(
  matches: { id: string; meta: MetaDescriptor[]; data: unknown }[],
  product: ProductFacts | null | undefined,
  pathname: string,
) {
  const root = matches.find((m) => m.id === "root");
  const meta = root?.meta ?? [];
  const origin = (root?.data as { origin?: string } | undefined)?.origin;
  if (!product || !origin) return meta;
  const url = `${origin}${pathname.replace(/\/+$/, "")}`;
  const absolute = (u: string) => (/^https?:\/\//.test(u) ? u : `${origin}${u}`);
  const price = [
    { property: "product:price:amount", content: product.price.toFixed(2) },
    { property: "product:price:currency", content: "AUD" },
  ];
  return meta.flatMap((m): MetaDescriptor[] => {
    if ("property" in m && m.property === "og:type") return [{ ...m, content: "product" }, ...price];
    const graph = (m as { "script:ld+json"?: { "@graph": unknown[] } })["script:ld+json"];
    if (!graph) return [m];
    const node = productNode(
      { ...product, images: product.images.map(absolute) },
      url,
      `${origin}/#organization`,
      new Date(),
    );
    return [{ "script:ld+json": { ...graph, "@graph": [...graph["@graph"], node] } }];
  });
}

interface RootHeadData {
  origin?: string;
  settings?: HeadSettings;
  sitemap?: { url: string }[];
}

const rootData = (matches: { id: string; data: unknown }[]) =>
  matches.find((m) => m.id === "root")?.data as RootHeadData | undefined;

/**
 * A page's own share image (its first large picture, or its item's) in place of the brand card the
 * root's head names: absolute, with its alt text (the page's title when the picture has none).
 */
export function withShareImage(
  matches: { id: string; data: unknown }[],
  meta: MetaDescriptor[],
  share: ShareImage | null | undefined,
) {
  const origin = rootData(matches)?.origin;
  if (!share || !origin) return meta;
  const title = meta.find((m): m is { title: string } => "title" in m)?.title ?? "";
  const tags = shareImageMeta(`${origin}${share.path}`, share.alt || title);
  const at = meta.findIndex(isShareImageTag);
  const kept = meta.filter((m) => !isShareImageTag(m));
  kept.splice(at < 0 ? kept.length : at, 0, ...tags);
  return kept;
}

/**
 * An item view's head (/page/{item}): when the sitemap has no entry for the path (a gallery's
 * page), the item names the document (its title with the site's prefix and suffix) and describes
 * it, instead of the organisation's name standing for every such page. A photo's page
 * (`?gallery=&photo=`) is named after its photo whatever the sitemap says, and is its own
 * canonical address (`canonicalPath`, with its query).
 */
export function withItemHead(
  matches: { id: string; data: unknown }[],
  meta: MetaDescriptor[],
  item: ItemHead | null | undefined,
  pathname: string,
  photo?: { canonicalPath: string },
) {
  const root = rootData(matches);
  if (!item || !root?.settings) return meta;
  if (!photo && sitemapEntryFor(root.sitemap ?? [], pathname)) return meta;
  const canonical = photo && root.origin ? `${root.origin}${photo.canonicalPath}` : null;
  const title = documentTitle(root.settings, item.title);
  const description = item.description ?? "";
  const replaced = new Set<string>();
  const out = meta.flatMap((m): MetaDescriptor[] => {
    const key = "title" in m ? "title" : "name" in m ? String(m.name) : "property" in m ? String(m.property) : "";
    if (key === "title") return [{ title }];
    if (canonical && key === "og:url") return [{ ...m, content: canonical }];
    if (canonical && "tagName" in m && m.rel === "canonical") return [{ ...m, href: canonical }];
    if (key === "og:title" || key === "twitter:title") return [{ ...m, content: title }];
    if (key === "description" || key === "og:description" || key === "twitter:description") {
      replaced.add(key);
      return description ? [{ ...m, content: description }] : [];
    }
    return [m];
  });
  if (description && !replaced.has("description")) out.push({ name: "description", content: description });
  if (description && !replaced.has("og:description")) out.push({ property: "og:description", content: description });
  return out;
}

/**
 * A paged list's address (decision 071): the canonical link (and og:url) keep the page
 * parameters (each list's page but the first), and `<link rel="prev/next">` name the first paged
 * list's neighbouring pages, absolute like the canonical link.
 */
export function withPaging(meta: MetaDescriptor[], paging: PageHeadPaging | null | undefined) {
  if (!paging) return meta;
  const canonicalTag = meta.find((m) => "tagName" in m && m.rel === "canonical") as { href?: string } | undefined;
  if (!canonicalTag?.href) return meta;
  const base = canonicalTag.href.replace(/[?#].*$/, "");
  const at = (query: string) => (query.replace(/^\?/, "") ? `${base}?${query.replace(/^\?/, "")}` : base);
  const canonical = at(paging.canonicalQuery);
  const out = meta.map((m): MetaDescriptor => {
    if ("tagName" in m && m.rel === "canonical") return { ...m, href: canonical };
    if ("property" in m && m.property === "og:url") return { ...m, content: canonical };
    return m;
  });
  if (paging.prev !== null) out.push({ tagName: "link", rel: "prev", href: at(paging.prev) });
  if (paging.next !== null) out.push({ tagName: "link", rel: "next", href: at(paging.next) });
  return out;
}

/** What a CMS page's loader returns for its head. */
export interface CmsHeadData {
  product?: ProductFacts | null;
  item?: ItemHead | null;
  photo?: { canonicalPath: string } | null;
  share?: ShareImage | null;
  paging?: PageHeadPaging | null;
}

/** A CMS page's head: the root's, with its product, its item or photo, and its share image. */
export function cmsPageMeta(
  matches: { id: string; meta: MetaDescriptor[]; data: unknown }[],
  data: CmsHeadData | undefined,
  pathname: string,
) {
  const meta = withProductMeta(matches, data?.product, pathname);
  const named = withItemHead(matches, meta, data?.item, pathname, data?.photo ?? undefined);
  const shared = withShareImage(matches, named, data?.share);
  // A photo's page is its own address (its canonical names the photo), not a page of a list.
  return data?.photo ? shared : withPaging(shared, data?.paging);
}
