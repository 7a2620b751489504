/**
 * List paging (spec sections 2 and 9; decision 071). A list widget shows `limit` entries from
 * `offset` on, and pages with real links: each widget has its own query parameter,
 * `?p-{widgetId}={n}`, so two lists on one page page on their own. Page 1 is the address without
 * the parameter. Read the same way on the server and in the browser (no schema library here).
 */

/** The paging a list widget's fields give: how many entries a page shows, and how many to skip first. */
export interface Paging {
  limit: number;
  offset: number;
}

const PREFIX = "p-";
/** A widget id as a page parameter may name it: what the CMS's ids are made of, bounded. */
const PARAMETER = /^p-[A-Za-z0-9_-]{1,64}$/;
/** A page number as written in a link: no sign, no leading zero, no fraction, six digits at most. */
const PAGE_NUMBER = /^[1-9][0-9]{0,5}$/;

/** The query parameter that carries a widget's page. */
export const pageParameter = (widgetId: string) => `${PREFIX}${widgetId}`;

/** True when a query parameter's name is a page parameter (for the page cache and the loader). */
export const isPageParameter = (name: string) => PARAMETER.test(name);

/** The widget id a page parameter names. */
export const pagedWidgetId = (name: string) => name.slice(PREFIX.length);

/** The paging as the widget's fields hold it, made whole: a limit of 1 or more, an offset of 0 or more. */
export function normalPaging({ limit, offset }: Paging): Paging {
  return {
    limit: Number.isFinite(limit) ? Math.max(1, Math.floor(limit)) : 100,
    offset: Number.isFinite(offset) ? Math.max(0, Math.floor(offset)) : 0,
  };
}

/** How many pages a list of `total` entries makes: 1 at least (an empty list is one empty page). */
export function pageCount(total: number, paging: Paging) {
  const { limit, offset } = normalPaging(paging);
  return Math.max(1, Math.ceil(Math.max(0, total - offset) / limit));
}

/** The entries page `page` shows. */
export function pageSlice<T>(items: readonly T[], paging: Paging, page: number): T[] {
  const { limit, offset } = normalPaging(paging);
  const start = offset + (Math.max(1, page) - 1) * limit;
  return items.slice(start, start + limit);
}

/**
 * The page of a widget's list the query asks for: 1 when it names none, else the number written;
 * null when the value is no page number (or given twice): such an address is no page.
 */
export function requestedPage(search: URLSearchParams, widgetId: string): number | null {
  const values = search.getAll(pageParameter(widgetId));
  if (values.length === 0) return 1;
  if (values.length > 1 || !PAGE_NUMBER.test(values[0])) return null;
  return Number(values[0]);
}

/** The page the view shows: the one asked for, within 1 and the last (the loader has 404'd the rest). */
export function shownPage(search: string, widgetId: string, pages: number) {
  const asked = requestedPage(new URLSearchParams(search), widgetId) ?? 1;
  return Math.min(Math.max(1, asked), pages);
}

/**
 * The address (path-relative: the query, empty on a bare page 1, and a fragment) of a page of a widget's list: the
 * current query with this widget's parameter set, or left out for page 1; other lists' pages,
 * the tab and the rest stay as they are.
 */
export function pageHref(search: string, widgetId: string, page: number, anchor?: string) {
  const params = new URLSearchParams(search);
  params.delete(pageParameter(widgetId));
  if (page > 1) params.set(pageParameter(widgetId), String(page));
  const query = params.toString();
  return `${query ? `?${query}` : ""}${anchor ? `#${anchor}` : ""}`;
}

/**
 * The page parameters of a query in one order, page 1 and malformed ones left out: what a paged
 * address's canonical link keeps of its query.
 */
export function canonicalPageQuery(search: URLSearchParams) {
  const pairs = [...search]
    .filter(([name, value]) => isPageParameter(name) && /^[1-9][0-9]{0,5}$/.test(value) && value !== "1")
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  return new URLSearchParams(pairs).toString();
}
