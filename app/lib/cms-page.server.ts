import type { AppLoadContext } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { z } from "zod";

import type { Product } from "@contract/catalogue";
import type { Page } from "@contract/pages";
import type { InitialData } from "@contract/site";
import { siteTimeZone } from "@contract/site-clock";
import { loadFrameMedia } from "~/page-builder/frame-media.server";
import {
  itemView,
  loadWidgetData,
  pageAcceptsItem,
  pageEnhancers,
  pageForBrowser,
  pageItemHead,
  pageNeedsBrowser,
  pageWidgets,
} from "~/page-builder/loaders.server";
import { pagePaging } from "~/page-builder/paging/page-paging";
import { pagePhoto, photoHead, photoPath, photoRequest, photoView } from "~/page-builder/photo-view";
import { pageShareImage } from "~/page-builder/share-image";
import { ItemNotFound } from "~/page-builder/types";
import { isBlockVisible, isWidgetVisible, msUntilPageChange, onSiteClock } from "~/page-builder/visibility";
import { cacheControl } from "~/shared/cache-control";

import { isUpstreamError } from "./api/errors";
import { getPage } from "./api/pages.server";
import { getInitialData, getSettings } from "./api/site.server";
import { requireMember } from "./auth.server";
import { embedOrigins, sanitizePage } from "./cms-html.server";
import { ensureCsrfToken } from "./csrf.server";
import { enhancerAssets } from "./enhancers.server";
import { formVisit } from "./form-visit.server";
import { getI18n } from "./i18n.server";
import { siteOrigin } from "./origin.server";
import { hasSessionCookie } from "./session.server";
import type { ProductFacts } from "./structured-data";
import { parseUrl, safeRedirectPath } from "./url";

/** A page path the site will look up: bounded, with no control characters. */
const pagePathSchema = z
  .string()
  .max(1000)
  // Every character but the C0 controls (U+0000 to U+001F) and DEL (U+007F).
  .regex(/^[\x20-\x7e\u0080-\u{10ffff}]*$/u);

export const notFound = (pathname: string) =>
  data({ pathname }, { status: 404, headers: { "Cache-Control": cacheControl.none } });
const throwNotFound = (pathname: string): never => {
  throw notFound(pathname);
};
export const unavailable = (pathname: string) =>
  data({ pathname }, { status: 503, headers: { "Cache-Control": cacheControl.none, "Retry-After": "30" } });

/** The redirect table's target for a path or old page name, if any. */
export function findRedirect(redirects: InitialData["redirects"], pathname: string) {
  const norm = (p: string) => `/${p.replace(/^\/+|\/+$/g, "")}`.toLowerCase();
  const path = norm(pathname);
  return redirects.find((r) => norm(r.from) === path)?.to;
}

/**
 * What of a page reaches the browser: hidden, deleted and out-of-schedule blocks and widgets
 * never do (their content would otherwise ride along in the hydration data).
 */
export function publicView(page: Page, now: number): Page {
  return {
    ...page,
    rows: page.rows.map((row) => ({
      ...row,
      blocks: row.blocks
        .filter((b) => !b.deleted)
        .map((b) => ({ ...b, widgets: b.widgets.filter((w) => isWidgetVisible(w, now)) })),
    })),
    pageContents: page.pageContents.filter((pb) => isBlockVisible(pb, now)),
  };
}

/** The product a page's catalogue widget shows at its own URL, for the page's structured data. */
export function productFacts(widgetData: Record<string, unknown>): ProductFacts | null {
  for (const value of Object.values(widgetData)) {
    const product = (value as { product?: Product | null } | null)?.product;
    if (product && typeof product === "object" && typeof product.price === "number") {
      return {
        name: product.name,
        description: product.description
          .replace(/<[^>]*>/g, " ")
          .replace(/\s+/g, " ")
          .trim(),
        price: product.price,
        images: product.photos.map((ph) => ph.image.url),
        sku: `${product.group?.slug ?? "product"}-${product.slug}`,
      };
    }
  }
  return null;
}

/** True when a widget's loaded data is a form (or holds one) marked must_be_logged_on. */
export function needsSignIn(widgetData: Record<string, unknown>) {
  const marked = (value: unknown): boolean => {
    if (!value || typeof value !== "object") return false;
    const flag = (value as { must_be_logged_on?: unknown }).must_be_logged_on;
    if (flag === true || flag === 1) return true;
    const form = (value as { form?: unknown }).form;
    return form !== undefined && marked(form);
  };
  return Object.values(widgetData).some(marked);
}

/** Anonymous pages may be shared-cached, but never past the page's next scheduled block change. */
export function pageCacheControl(
  request: Request,
  signedIn: boolean,
  untilChangeMs: number | null,
  publicUrl?: string,
) {
  // Without PUBLIC_URL the canonical link comes from the Host header: never share such a page.
  if (signedIn || hasSessionCookie(request) || !publicUrl) return cacheControl.private;
  if (untilChangeMs === null) return cacheControl.publicPage(60);
  // Neither the fresh time nor a stale copy served while revalidating may outlive the change.
  const untilChange = Math.floor(untilChangeMs / 1000);
  const maxSeconds = Math.min(60, untilChange);
  return cacheControl.publicPage(maxSeconds, Math.min(300, untilChange - maxSeconds));
}

/**
 * Loads the CMS page for a path: the redirect table first, then the page by its full url, then
 * (for /page/item) the page by its first segment when one of its widgets shows items; the
 * settings, the redirect table and the page load in parallel, then the widgets' data does. 404 when nothing matches; 503 when the upstream is unreachable and
 * neither the cache nor the seeds hold the page.
 */
export async function loadCmsPage(request: Request, context: AppLoadContext, pathname: string) {
  const visitor = await context.visitor();
  const { transport, signedIn, preferences } = visitor;
  const url = parseUrl(pathname);
  if (!pagePathSchema.safeParse(url.full_url).success) throw notFound(pathname);
  // A photo's own page: ?gallery={widget}&photo={n} (decision 038); anything malformed is no page.
  const photoAsked = photoRequest(new URL(request.url).searchParams);
  if (photoAsked === "invalid") throw notFound(pathname);
  try {
    // The redirect table, the page and the settings are asked for at once: one round of calls,
    // all within the request's deadline. Until awaited, a failure is not an unhandled rejection.
    const pageLoad = getPage(transport, url.full_url || "home");
    const settingsLoad = getSettings(transport);
    for (const load of [pageLoad, settingsLoad]) load.catch(() => {});
    const initial = await getInitialData(transport);
    const target = findRedirect(initial.redirects, pathname);
    if (target) throw redirect(safeRedirectPath(target), 301);

    let itemUrl: string | null = null;
    // The CMS down and the seeds without this page: it may still be an item of a seeded page's
    // list (a category, a product), served from the seeded catalogue; anything the seeds do not
    // know stays the 503 page, since the CMS may have it.
    let outage = false;
    let page = await pageLoad.catch((error: unknown) => {
      if (!(isUpstreamError(error) && error.unavailable && url.item_url && !url.url_parameter_3)) throw error;
      outage = true;
      return null;
    });
    if (!page && url.item_url && !url.url_parameter_3) {
      const parent = await getPage(transport, url.page_url);
      if (parent && pageAcceptsItem(pageWidgets(parent, Date.now()))) {
        page = parent;
        itemUrl = url.item_url;
      }
    }
    if (!page) throw outage ? unavailable(pathname) : notFound(pathname);
    // A page marked must_be_logged_on sends an anonymous visitor to /login and back (spec section 6).
    if (page.must_be_logged_on) await requireMember(request, context);
    const settings = await settingsLoad;
    page = onSiteClock(page, siteTimeZone(settings.time_zone));
    // CMS HTML is sanitised again as it is rendered: frames and images only from the allowed origins.
    const origins = embedOrigins(settings);
    page = sanitizePage(page, origins);
    if (itemUrl) page = itemView(page);
    if (photoAsked) page = photoView(page, photoAsked.widget, Date.now()) ?? throwNotFound(pathname);

    const now = Date.now();
    const widgets = pageWidgets(page, now);
    const [widgetData, frameMedia] = await Promise.all([
      loadWidgetData(widgets, {
        transport,
        itemUrl,
        itemParameter: itemUrl ? url.url_parameter_2 : null,
        pagePath: `/${page.url}`,
        address: new URL(
          `${siteOrigin(request, context)}${new URL(request.url).pathname}${new URL(request.url).search}`,
        ),
        takeFlash: (key) => visitor.session.get(key),
        csrfToken: () => ensureCsrfToken(visitor.session),
        visit: formVisit(request, context, visitor),
        embedOrigins: origins,
      }).catch((error) => {
        if (error instanceof ItemNotFound) throw outage ? unavailable(pathname) : notFound(pathname);
        throw error;
      }),
      loadFrameMedia(page, now, transport),
    ]);
    // So does a form marked must_be_logged_on that a widget of the page loaded.
    if (!page.must_be_logged_on && needsSignIn(widgetData)) await requireMember(request, context);
    const untilChange = msUntilPageChange(page, now);
    const allData = { ...widgetData, ...frameMedia };
    // A list's page (?p-{widget}=n) that does not exist is no page (decision 071).
    const paging = pagePaging(new URL(request.url).searchParams, widgets, allData) ?? throwNotFound(pathname);
    const photo = photoAsked ? (pagePhoto(widgets, allData, photoAsked) ?? throwNotFound(pathname)) : null;
    const t = photo ? (await getI18n(preferences.locale)).getFixedT(preferences.locale) : null;
    // An item view's own name and picture, for its head (the sitemap's entry wins); a photo's page's.
    const item =
      photo && t && photoAsked
        ? photoHead(photo, t("share.photoTitle", { gallery: photo.set.title, number: photo.number }))
        : itemUrl
          ? pageItemHead(widgets, allData)
          : null;
    // In an outage, an item the seeded catalogue does not hold leaves its widget empty: say so.
    if (outage && itemUrl && !item) throw unavailable(pathname);
    return data(
      {
        // Widgets' fields parsed here: the browser has no schemas to read them with.
        page: pageForBrowser(publicView(page, now)),
        widgetData: allData,
        // Whether the page needs JavaScript: without, it ships no Remix runtime (decision 030).
        browser: pageNeedsBrowser(widgets, allData),
        // What the rest need, added to their HTML without the runtime (decision 034).
        enhancers: enhancerAssets(pageEnhancers(widgets, allData)),
        itemUrl,
        now,
        nextChangeMs: untilChange,
        signedIn,
        product: productFacts(widgetData),
        item,
        // A photo's page: the photo shown, and the page's own canonical address.
        photo: photo && photoAsked ? { number: photo.number, canonicalPath: photoPath(pathname, photoAsked) } : null,
        // A paged list's address: its canonical query and its neighbours, for the head.
        paging,
        // What link previews show: the page's first large picture (or its item's), 1200×630.
        share: pageShareImage(widgets, allData, item),
      },
      {
        headers: {
          // A payment's return is about one visitor's payment: never shared.
          "Cache-Control": new URL(request.url).searchParams.has("payum_token")
            ? cacheControl.private
            : pageCacheControl(request, signedIn, untilChange, context.publicUrl),
          Vary: "Cookie, Accept-Language",
        },
      },
    );
  } catch (error) {
    if (isUpstreamError(error)) {
      if (error.unavailable) throw unavailable(pathname);
      // The upstream refused what this URL asked for (a 4xx): for a visitor, no such page.
      console.warn(`[site] upstream ${error.path} answered ${error.status}: ${error.message}`);
      throw notFound(pathname);
    }
    throw error;
  }
}
