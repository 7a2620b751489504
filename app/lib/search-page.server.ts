import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";

import { MAX_QUERY_LENGTH } from "@contract/search";
import { isUpstreamError } from "~/lib/api/errors";
import { searchSite } from "~/lib/api/search.server";
import { getInitialData, getSettings } from "~/lib/api/site.server";
import { pageCacheControl } from "~/lib/cms-page.server";
import { getI18n } from "~/lib/i18n.server";
import { documentTitle } from "~/lib/seo";

/** How many suggestions the empty and no-result states offer. */
const SUGGESTIONS = 8;

/**
 * The search page's data for a query (from `?q=` or the path): the results grouped by kind, or
 * none for an empty query, and suggestions (catalogue categories, then the main pages) for the
 * empty and no-result states. Never indexed (the page's robots meta and X-Robots-Tag).
 */
export async function loadSearchPage({ request, context }: LoaderFunctionArgs, rawQuery: string) {
  const visitor = await context.visitor();
  const q = rawQuery.replace(/\s+/g, " ").trim().slice(0, MAX_QUERY_LENGTH);
  const [settings, initial, found] = await Promise.all([
    getSettings(visitor.transport),
    getInitialData(visitor.transport),
    // The CMS (or its database) down: the page says search is unavailable for a moment (503 with
    // Retry-After), with the form and the suggestions the seeded copy still gives.
    q
      ? searchSite(visitor.transport, q).catch((error: unknown) => {
          if (isUpstreamError(error) && error.unavailable) return "unavailable" as const;
          throw error;
        })
      : Promise.resolve(null),
  ]);
  const unavailable = found === "unavailable";
  const { locale } = visitor.preferences;
  const t = (await getI18n(locale)).getFixedT(locale);
  const groups = (found !== "unavailable" && found?.groups) || [];
  const suggestions =
    groups.length > 0
      ? []
      : [
          ...initial.sitemap.filter((e) => e.model === "group"),
          ...initial.sitemap.filter((e) => e.model !== "group" && e.model !== "product" && (e.priority ?? 0) >= 90),
        ]
          .filter((e) => e.seo_title)
          .slice(0, SUGGESTIONS)
          .map((e) => ({ url: e.url.startsWith("/") ? e.url : `/${e.url}`, title: e.seo_title }));
  return data(
    {
      q,
      unavailable,
      groups,
      total: groups.reduce((n, g) => n + g.data.length, 0),
      suggestions,
      title: documentTitle(settings, q ? t("search.titleFor", { q }) : t("search.title")),
    },
    unavailable
      ? {
          status: 503,
          headers: { "Cache-Control": "no-store", "Retry-After": "30", "X-Robots-Tag": "noindex" },
        }
      : {
          headers: {
            "Cache-Control": pageCacheControl(request, visitor.signedIn, null, context.publicUrl),
            "X-Robots-Tag": "noindex",
            Vary: "Cookie, Accept-Language",
          },
        },
  );
}

export type SearchPageData = Awaited<ReturnType<typeof loadSearchPage>>["data"];
