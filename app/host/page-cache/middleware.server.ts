import type { AppLoadContext } from "@remix-run/node";
import type { NextFunction, Request as ExpressRequest, Response as ExpressResponse } from "express";

import type { pageCacheDecision, PageCandidate, renderCookie } from "~/lib/page-cache/key.server";
import { cacheControl } from "~/shared/cache-control";
import { UpstreamTiming } from "~/shared/upstream-timing.server";

import { createNonce, type CspSources, emptyCspSources } from "../security-headers.server";
import { preparePage, type RenderedPage } from "./prepare.server";
import type { PageCache, RenderOutcome, StoredPage } from "./store.server";

/** What server.ts needs to build the load context of a render (it builds every other one too). */
export interface RenderContextOptions {
  /** The render's request: the path, the `tab` parameter, and a Cookie header with the language and theme. */
  request: Request;
  cspNonce: string;
  cspExtra: CspSources;
  /**
   * PUBLIC_URL, or else the request's origin: the same canonical links either way, and the page
   * then says how long it may be shared (`s-maxage`) even where its own answer must stay private.
   */
  publicUrl: string;
}

/**
 * How a render reads a request: the Remix build's own `pageCacheDecision` and `renderCookie`
 * (`app/lib/page-cache/key.server.ts`), which server.ts takes from the build, so the key follows the
 * render exactly.
 */
export interface PageKey {
  pageCacheDecision: typeof pageCacheDecision;
  renderCookie: typeof renderCookie;
}

export interface PageCacheMiddlewareOptions {
  cache: PageCache;
  pageKey: PageKey;
  /** Remix's request handler (`createRequestHandler(build, mode)` of @remix-run/node). */
  handle: (request: Request, context: AppLoadContext) => Promise<Response>;
  loadContext: (options: RenderContextOptions) => AppLoadContext;
  /** PUBLIC_URL. Unset, pages are keyed by the request's origin too, and their answers stay private. */
  publicUrl?: string;
  /** Without PUBLIC_URL, how many origins (Host headers) may have pages: the first ones seen. */
  maxOrigins?: number;
  clock?: () => number;
}

interface Render extends RenderOutcome {
  rendered: RenderedPage;
  timing: UpstreamTiming;
}

const CSP_KINDS = Object.keys(emptyCspSources()) as (keyof CspSources)[];

/**
 * The origin Remix gives a request (as @remix-run/express's createRemixRequest builds it: the
 * protocol and host name Express trusts, the port of X-Forwarded-Host or Host); undefined when
 * the Host header makes no URL.
 */
export function remixOrigin(req: ExpressRequest) {
  const portOf = (host: string | undefined) => Number.parseInt(host?.split(":")[1] ?? "", 10);
  const forwarded = portOf(req.get("X-Forwarded-Host"));
  const direct = portOf(req.get("host"));
  const port = Number.isSafeInteger(forwarded) ? forwarded : Number.isSafeInteger(direct) ? direct : "";
  try {
    return new URL(`${req.protocol}://${req.hostname}${port ? `:${port}` : ""}`).origin;
  } catch {
    return undefined;
  }
}

/** The Cache-Control of an answer from a stored page: what is left of its shared lifetime. */
export function storedPageCacheControl(page: StoredPage, now: number, publicUrl: string | undefined) {
  if (!publicUrl) return cacheControl.private;
  return cacheControl.publicPage(Math.max(0, Math.floor((page.expiresAt - now) / 1000)), page.staleSeconds);
}

/**
 * The stored encoding to send for an Accept-Encoding header: brotli or gzip, whichever has the
 * higher q-value, brotli on a tie (browsers list it after gzip, and it is smaller); else identity.
 */
export function chooseEncoding(acceptEncoding: string | undefined): "br" | "gzip" | "identity" {
  const q: Record<string, number> = {};
  for (const part of (acceptEncoding ?? "").split(",")) {
    const [coding, ...params] = part.trim().toLowerCase().split(";");
    if (!coding) continue;
    const weight = params.map((p) => /^\s*q=([0-9.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
    q[coding] = weight === undefined ? 1 : Number(weight) || 0;
  }
  const of = (coding: string) => q[coding] ?? q["*"] ?? 0;
  const [br, gzip] = [of("br"), of("gzip")];
  if (br <= 0 && gzip <= 0) return "identity";
  return br >= gzip ? "br" : "gzip";
}

/** A stored page's body in the encoding an Accept-Encoding header asks for, and that encoding. */
export function storedBody(page: StoredPage, acceptEncoding: string | undefined) {
  const encoding = chooseEncoding(acceptEncoding);
  const body = encoding === "br" ? page.br : encoding === "gzip" ? page.gzip : page.identity;
  return { encoding, body };
}

function send(req: ExpressRequest, res: ExpressResponse, page: StoredPage, timing: UpstreamTiming, cc: string) {
  const { encoding, body } = storedBody(page, req.get("accept-encoding"));
  res.status(200);
  for (const [name, value] of page.headers) res.setHeader(name, value);
  res.setHeader("Cache-Control", cc);
  res.vary("Accept-Encoding");
  if (encoding !== "identity") res.setHeader("Content-Encoding", encoding);
  res.setHeader("Content-Length", body.length);
  // The body's inline scripts run by hash: server.ts writes the CSP, with this answer's own nonce.
  const extra = res.locals.cspExtra as CspSources;
  for (const kind of CSP_KINDS) extra[kind].push(...page.csp[kind]);
  res.locals.upstreamTiming = timing;
  res.end(body);
}

/** A render that may not be stored answers the request that made it, as Remix would have. */
function sendRendered(res: ExpressResponse, rendered: RenderedPage, timing: UpstreamTiming) {
  res.status(rendered.status);
  rendered.headers.forEach((value, name) => {
    if (name.toLowerCase() !== "set-cookie") res.append(name, value);
  });
  for (const cookie of rendered.headers.getSetCookie()) res.append("Set-Cookie", cookie);
  res.locals.upstreamTiming = timing;
  res.end(rendered.body);
}

/** A request the page cache may answer: its key and the origin its page is rendered for. */
interface Admitted {
  candidate: PageCandidate;
  origin: string;
}

/**
 * The rendered-page cache's two Express handlers. `stored` answers a GET from the page stored for
 * its key and passes everything else on; server.ts mounts it early, right after the security
 * headers, so a hit skips the static-file lookup and the rest of the stack (it can only answer
 * paths that reached `render` before: never a file, an API path or /healthz). `render` sits just
 * before the Remix handler: a GET that `pageCacheDecision` admits is answered from the stored
 * page, or waits for the one render of its key under way, or renders it: the render asks Remix
 * for the page as an anonymous visitor with the request's language and theme, and `preparePage`
 * decides whether it may be stored (never when the render used a stale upstream answer: server.ts
 * gives renders the upstream cache's `revalidating()` view, so that happens only when a refresh
 * failed). Stored pages are sent in the encoding the request accepts,
 * with a CSP that allows their inline scripts by hash; `Server-Timing` says `page;desc="hit"` or
 * `"miss"`. A request near the end of a page's life starts its successor's render in the
 * background. Everything else goes on (`next()`), untouched.
 */
export function pageCacheMiddleware(options: PageCacheMiddlewareOptions) {
  const { cache, pageKey, publicUrl } = options;
  const clock = options.clock ?? Date.now;
  const publicOrigin = publicUrl ? new URL(publicUrl).origin : undefined;
  const origins = new Set<string>();
  const maxOrigins = options.maxOrigins ?? 8;
  const warned = new Set<string>();

  const admitOrigin = (origin: string) => {
    if (origins.has(origin)) return true;
    if (origins.size >= maxOrigins) return false;
    origins.add(origin);
    return true;
  };

  async function renderPage(candidate: PageCandidate, origin: string, nonce: string, cspExtra: CspSources) {
    const now = clock();
    const cookie = await pageKey.renderCookie(candidate.locale, candidate.theme);
    const request = new Request(`${origin}${candidate.renderPath}`, { headers: { cookie } });
    const context = options.loadContext({ request, cspNonce: nonce, cspExtra, publicUrl: publicUrl ?? origin });
    const response = await options.handle(request, context);
    const rendered: RenderedPage = {
      status: response.status,
      headers: response.headers,
      body: Buffer.from(await response.arrayBuffer()),
    };
    // A page made from an answer past its freshness (its refresh failed) is not kept for a new
    // lifetime, here or by anyone: it answers its own request only (decision 118).
    const stale = context.upstreamTiming.staleAnswers > 0;
    if (stale) rendered.headers.set("Cache-Control", cacheControl.none);
    const prepared = stale
      ? ({ page: null, reason: "made from a stale upstream answer" } as const)
      : await preparePage(rendered, { nonce, cspExtra, now });
    // A page that cannot be stored for a reason of the cache's own making is worth a line, once.
    if (prepared.reason?.includes("nonce") && !warned.has(prepared.reason)) {
      warned.add(prepared.reason);
      console.warn(`[page-cache] ${candidate.renderPath} not stored: ${prepared.reason}`);
    }
    return { page: prepared.page, rendered, timing: context.upstreamTiming } satisfies Render;
  }

  function refresh(candidate: PageCandidate, origin: string) {
    const { outcome } = cache.render(candidate.key, candidate.group, () =>
      renderPage(candidate, origin, createNonce(), emptyCspSources()),
    );
    outcome.catch((error: unknown) => console.error(`[page-cache] refreshing ${candidate.renderPath}:`, error));
  }

  /** Whether the page cache may answer this request, decided once per request (both handlers ask). */
  async function admit(req: ExpressRequest, res: ExpressResponse): Promise<Admitted | null> {
    const known = res.locals.pageCache as Admitted | null | undefined;
    if (known !== undefined) return known;
    let admitted: Admitted | null = null;
    const origin = publicOrigin ?? remixOrigin(req);
    if (req.method === "GET" && origin && (publicOrigin || admitOrigin(origin))) {
      const decision = await pageKey.pageCacheDecision({
        url: req.originalUrl,
        cookie: req.get("cookie"),
        acceptLanguage: req.get("accept-language"),
        authorization: req.get("authorization"),
        origin: publicOrigin ? undefined : origin,
      });
      if (!("bypass" in decision)) admitted = { candidate: decision, origin };
    }
    res.locals.pageCache = admitted;
    return admitted;
  }

  /** Sends the stored page for the request, if there is one; says whether it did. */
  function serveStored(req: ExpressRequest, res: ExpressResponse, { candidate, origin }: Admitted) {
    const stored = cache.get(candidate.key);
    if (!stored) return false;
    const timing = new UpstreamTiming();
    timing.page = "hit";
    send(req, res, stored, timing, storedPageCacheControl(stored, clock(), publicUrl));
    if (cache.wantsRefresh(candidate.key, stored)) refresh(candidate, origin);
    return true;
  }

  const stored = async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (req.method !== "GET") return next();
    let admitted;
    try {
      admitted = await admit(req, res);
    } catch (error) {
      return next(error);
    }
    if (!admitted || !serveStored(req, res, admitted)) next();
  };

  const render = async (req: ExpressRequest, res: ExpressResponse, next: NextFunction) => {
    if (req.method !== "GET") return next();
    let admitted;
    try {
      admitted = await admit(req, res);
    } catch (error) {
      return next(error);
    }
    if (!admitted) return next();
    if (serveStored(req, res, admitted)) return;

    const { candidate, origin } = admitted;
    const nonce = res.locals.cspNonce as string;
    const cspExtra = res.locals.cspExtra as CspSources;
    const { first, outcome } = cache.render(candidate.key, candidate.group, () =>
      renderPage(candidate, origin, nonce, cspExtra),
    );
    let result: Render;
    try {
      result = await outcome;
    } catch (error) {
      // Rendered again on the ordinary path, where Remix answers whatever went wrong.
      if (first) console.error(`[page-cache] rendering ${candidate.renderPath}:`, error);
      return next();
    }
    const timing = first ? result.timing : new UpstreamTiming();
    timing.page = "miss";
    // A request that waited past the page's end (a scheduled change while it rendered) renders its own.
    const page = result.page && (first || clock() < result.page.expiresAt) ? result.page : null;
    if (page) send(req, res, page, timing, storedPageCacheControl(page, clock(), publicUrl));
    else if (first) sendRendered(res, result.rendered, timing);
    // Nothing to share: each request that waited renders its own answer.
    else next();
  };

  return { stored, render };
}
