import { z } from "zod";
import { cachedWhenAnonymous, upstreamCache } from "./cache.server";
import { isUpstreamError } from "./errors";
import { orSeed, seedPage } from "./seed-fallback.server";
import { pageListSchema, pageSchema } from "./schemas";
import type { Page } from "./schemas";
import type { Transport } from "./transport.server";

/** A cached page is rechecked after a second and replaced only when its updated_at changes. */
const PAGE_FRESH_MS = 1_000;
const samePage = (a: Page | null, b: Page | null) => a?.updated_at === b?.updated_at && a?.id === b?.id;

/** One page with its rows and page blocks, by url path ("home" for the home page); null when none. */
export function getPage(t: Transport, url: string): Promise<Page | null> {
  const load = async () => {
    try {
      const r = await t.get(`/api/v1/cognito/page/${url.split("/").map(encodeURIComponent).join("/")}`, z.object({ data: pageSchema }), { pb: 1 });
      return r.data;
    } catch (error) {
      if (isUpstreamError(error) && error.status === 404) return null;
      throw error;
    }
  };
  const cachedLoad = async () => {
    const page = await cachedWhenAnonymous(t, `page:${url}`, load, { freshFor: PAGE_FRESH_MS, same: samePage });
    // Unknown urls are not kept: a stranger must not be able to fill the cache.
    if (page === null) upstreamCache.delete(`page:${url}`);
    return page;
  };
  return orSeed(cachedLoad, () => seedPage(url));
}

/** Every page (for the list-page-content view), first 100. */
export async function listPages(t: Transport, pageSize = 100) {
  const load = () => t.get("/api/v1/cognito/page", pageListSchema, { page_size: pageSize, page: 1, pb: 0 });
  return cachedWhenAnonymous(t, `pages:${pageSize}`, load, { freshFor: 60_000 });
}
