import type { Widget } from "@contract/pages";

import { getWidget } from "../registry";
import { canonicalPageQuery, isPageParameter, pagedWidgetId, pageHref, requestedPage } from "./paging";

/** What a paged address means for the page's head: its canonical query, and the first list's neighbours. */
export interface PageHeadPaging {
  /** The page parameters the canonical link keeps ("" on every list's first page). */
  canonicalQuery: string;
  /** The first paged list's previous and next pages (path-relative, query only), when it has them. */
  prev: string | null;
  next: string | null;
}

/**
 * Reads the page parameters of a request against the page's list widgets (decision 071). An
 * address is no page (null: the loader answers 404) when a page parameter names no paged list
 * of the page, is no page number, or is past the list's last page; otherwise the head's paging.
 */
export function pagePaging(
  search: URLSearchParams,
  widgets: readonly Widget[],
  data: Record<string, unknown>,
): PageHeadPaging | null {
  const pages = new Map<string, number>();
  for (const w of widgets) {
    const count = getWidget(w.type)?.pages(w, data[w.id]);
    if (typeof count === "number") pages.set(w.id, count);
  }
  for (const name of new Set(search.keys())) {
    if (!name.startsWith("p-")) continue;
    const count = isPageParameter(name) ? pages.get(pagedWidgetId(name)) : undefined;
    const page = requestedPage(search, pagedWidgetId(name));
    if (count === undefined || page === null || page > count) return null;
  }
  const first = [...pages].find(([, count]) => count > 1);
  let prev: string | null = null;
  let next: string | null = null;
  if (first) {
    const [id, count] = first;
    const page = requestedPage(search, id) ?? 1;
    const kept = `?${canonicalPageQuery(search)}`;
    if (page > 1) prev = pageHref(kept, id, page - 1);
    if (page < count) next = pageHref(kept, id, page + 1);
  }
  return { canonicalQuery: canonicalPageQuery(search), prev, next };
}
