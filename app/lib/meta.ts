import type { MetaDescriptor } from "@remix-run/node";

import type { ItemHead } from "~/page-builder/define-widget";

import { documentTitle, type HeadSettings, sitemapEntryFor } from "./seo";
import { type ProductFacts, productNode } from "./structured-data";

/** A child route's meta replaces its parents': start from the root's head and add to it. */
export function withRootMeta(matches: { id: string; meta: MetaDescriptor[] }[], extra: MetaDescriptor[]) {
  const root = matches.find((m) => m.id === "root")?.meta ?? [];
  const names = new Set(extra.map((m) => ("name" in m ? m.name : undefined)).filter(Boolean));
  return [
    ...root.filter((m) => !("name" in m && names.has(m.name)) && !("tagName" in m && m.rel === "canonical")),
    ...extra,
  ];
}

/**
 * A product page's head: the root's, with a Product (and its Offer) added to the JSON-LD graph.
 * (A route's meta sees only its own and its parents' data, so the root cannot add it itself.)
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
  return meta.map((m) => {
    const graph = (m as { "script:ld+json"?: { "@graph": unknown[] } })["script:ld+json"];
    if (!graph) return m;
    const node = productNode(
      { ...product, images: product.images.map(absolute) },
      url,
      `${origin}/#organization`,
      new Date(),
    );
    return { "script:ld+json": { ...graph, "@graph": [...graph["@graph"], node] } };
  });
}

interface RootHeadData {
  settings?: HeadSettings;
  sitemap?: { url: string }[];
}

/**
 * An item view's head (/page/{item}): when the sitemap has no entry for the path (a gallery's
 * page), the item names the document (its title with the site's prefix and suffix) and describes
 * it, instead of the organisation's name standing for every such page.
 */
export function withItemHead(
  matches: { id: string; data: unknown }[],
  meta: MetaDescriptor[],
  item: ItemHead | null | undefined,
  pathname: string,
) {
  const root = matches.find((m) => m.id === "root")?.data as RootHeadData | undefined;
  if (!item || !root?.settings || sitemapEntryFor(root.sitemap ?? [], pathname)) return meta;
  const title = documentTitle(root.settings, item.title);
  const description = item.description ?? "";
  const replaced = new Set<string>();
  const out = meta.flatMap((m): MetaDescriptor[] => {
    const key = "title" in m ? "title" : "name" in m ? String(m.name) : "property" in m ? String(m.property) : "";
    if (key === "title") return [{ title }];
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
