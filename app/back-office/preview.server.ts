import type { AppLoadContext } from "@remix-run/node";
import { data } from "@remix-run/node";
import { z } from "zod";

import { siteTimeZone, zonedInstant } from "@contract/site-clock";
import { getSettings } from "~/lib/api/site.server";
import { embedOrigins, sanitizePage } from "~/lib/cms-html.server";
import { publicView } from "~/lib/cms-page.server";
import { enhancerAssets } from "~/lib/enhancers.server";
import { loadFrameMedia } from "~/page-builder/frame-media.server";
import {
  loadWidgetData,
  pageEnhancers,
  pageForBrowser,
  pageNeedsBrowser,
  pageWidgets,
} from "~/page-builder/loaders.server";
import { onSiteClock } from "~/page-builder/visibility";
import { cacheControl } from "~/shared/cache-control";

import { requireBackOffice } from "./access.server";
import { pagesApi } from "./pages-api.server";

const previewQuery = z.object({
  draft: z.enum(["0", "1"]).optional(),
  as_of: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2})?$/)
    .optional(),
  select: z.string().max(100).optional(),
});

/**
 * The preview of a page (the editor's frame): the admin API's preview answer (the draft, or the
 * published page, with schedules evaluated as of a time) rendered as the site renders a page,
 * through the page builder's loads and views. `as_of` is read on the site's clock. Admins only.
 */
export async function loadPreview(request: Request, context: AppLoadContext, id: number) {
  const { visitor } = await requireBackOffice(request, context);
  const query = previewQuery.safeParse(Object.fromEntries(new URL(request.url).searchParams));
  if (!query.success) throw data(null, { status: 400, headers: { "Cache-Control": cacheControl.private } });
  const { transport } = visitor;
  const settings = await getSettings(transport);
  const timeZone = siteTimeZone(settings.time_zone);
  const asOf = query.data.as_of ? zonedInstant(query.data.as_of, timeZone) : undefined;
  const at = typeof asOf === "string" ? asOf : undefined;
  const origins = embedOrigins(settings);
  const answer = await pagesApi(transport).preview(id, { draft: query.data.draft === "1", as_of: at });
  const page = sanitizePage(onSiteClock(answer, timeZone), origins);
  // The clock the page is drawn at: the time asked for, so what shows then shows now.
  const now = at ? Date.parse(at) : Date.now();
  const widgets = pageWidgets(page, now);
  const [widgetData, frameMedia] = await Promise.all([
    loadWidgetData(widgets, { transport, itemUrl: null, pagePath: `/${page.url}`, embedOrigins: origins }),
    loadFrameMedia(page, now, transport),
  ]);
  const allData = { ...widgetData, ...frameMedia };
  return data(
    {
      page: pageForBrowser(publicView(page, now)),
      widgetData: allData,
      browser: pageNeedsBrowser(widgets, allData),
      enhancers: enhancerAssets(pageEnhancers(widgets, allData)),
      itemUrl: null,
      now,
      nextChangeMs: null,
      signedIn: true,
      highlight: query.data.select ?? null,
      asOf: at ?? null,
    },
    { headers: { "Cache-Control": cacheControl.private, "X-Robots-Tag": "noindex" } },
  );
}
