import { type Page, pageAnswerSchema, pageListSchema } from "@contract/pages";

import { CachePage, CacheShort } from "./cache-strategies";
import { isUpstreamError } from "./errors";
import { orSeed, seedPage } from "./seed-fallback.server";
import type { Transport } from "./transport.server";

/**
 * One page with its rows and page blocks, by url path ("home" for the home page); null when none.
 * Cached as CachePage: rechecked after a second, the object replaced only when the page changes.
 * Unknown urls (a 404) are not kept: a stranger must not be able to fill the cache.
 */
export function getPage(t: Transport, url: string): Promise<Page | null> {
  const path = `/api/v1/cognito/page/${url.split("/").map(encodeURIComponent).join("/")}`;
  const load = async () => {
    try {
      return (await t.get(path, pageAnswerSchema, { pb: 1 }, { cache: CachePage })).data;
    } catch (error) {
      if (isUpstreamError(error) && error.status === 404) return null;
      throw error;
    }
  };
  return orSeed(load, () => seedPage(url));
}

/** Every page (for the list-page-content view), first 100. */
export async function listPages(t: Transport, pageSize = 100) {
  return t.get("/api/v1/cognito/page", pageListSchema, { page_size: pageSize, page: 1, pb: 0 }, { cache: CacheShort });
}
