/**
 * A small site for the rendered-page cache's tests, wired as server.ts wires the real one: the
 * security-header middleware (a nonce per answer; the CSP and Server-Timing written as the headers
 * go out), the page cache, then Remix, with the real load context. Its Remix build has a page
 * route whose loader asks a counting upstream and says how long the page may be shared with the
 * site's own `pageCacheControl`, a page that gives visitors a session, and a document renderer
 * that puts the nonce on every script, as entry.server does. `/news` shows a headline read through
 * the transport and the upstream cache (fresh for 10 s), which renders read through the cache's
 * `revalidating()` view, as server.ts's do.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";
import zlib from "node:zlib";

import { createRequestHandler as createExpressHandler } from "@remix-run/express";
import {
  type AppLoadContext,
  createRequestHandler,
  data,
  type EntryContext,
  type LoaderFunctionArgs,
  type ServerBuild,
} from "@remix-run/node";
import express from "express";
import onHeaders from "on-headers";
import { z } from "zod";

import { createFastPath, requestIsSecure } from "~/host/page-cache/fast-path.server";
import { pageCacheMiddleware } from "~/host/page-cache/middleware.server";
import { PageCache } from "~/host/page-cache/store.server";
import { contentSecurityPolicy, createNonce, type CspSources, emptyCspSources } from "~/host/security-headers.server";
import { securityHeaderList, securityHeaders } from "~/host/security-middleware.server";
import { SwrCache } from "~/lib/api/cache.server";
import { CacheCustom } from "~/lib/api/cache-strategies";
import { pageCacheControl } from "~/lib/cms-page.server";
import { ensureCsrfToken } from "~/lib/csrf.server";
import { appendSessionCookie, createLoadContext } from "~/lib/load-context.server";
import { siteOrigin } from "~/lib/origin.server";
import { knownPageCacheDecision, pageCacheDecision, renderCookie } from "~/lib/page-cache/key.server";
import type { UpstreamTiming } from "~/shared/upstream-timing.server";

/** server.ts's security headers, as a site with an external image host would have them. */
const SECURITY = { imageOrigins: ["https://images.example"], connectOrigins: [], production: true };

/** What the tests set and count. */
export const state = {
  /** The clock of the loaders, the page cache and the upstream cache. */
  now: 0,
  upstreamCalls: 0,
  renders: 0,
  /** When the page's next scheduled change is (a block appears or goes); null: none. */
  changeAt: null as number | null,
  /** What the upstream waits for before it answers. */
  upstreamGate: Promise.resolve() as Promise<unknown>,
  /** Requests that went past the stored-page handler to the rest of the stack. */
  passedStored: 0,
  /** Requests Express saw (with `fastPath`, the others were answered before it). */
  reachedExpress: 0,
  /** What the upstream's news answer says, and whether the upstream answers 503 instead. */
  headline: "",
  upstreamDown: false,
};

export function resetState(now: number) {
  Object.assign(state, {
    now,
    upstreamCalls: 0,
    renders: 0,
    changeAt: null,
    upstreamGate: Promise.resolve(),
    passedStored: 0,
    reachedExpress: 0,
    headline: "",
    upstreamDown: false,
  });
}
const upstream = {
  fetch: async () => {
    state.upstreamCalls++;
    await state.upstreamGate;
    if (state.upstreamDown) return new Response("{}", { status: 503, headers: { "content-type": "application/json" } });
    return new Response(JSON.stringify({ headline: state.headline }), {
      headers: { "content-type": "application/json" },
    });
  },
  baseUrl: "http://cms.test",
  publicUrl: "",
  timeoutMs: 1_000,
};

const newsSchema = z.object({ headline: z.string() });
const NEWS_CACHE = CacheCustom({ freshFor: 10_000 });

const page = {
  async loader({ request, context }: LoaderFunctionArgs) {
    const { signedIn, preferences } = await context.visitor();
    const url = new URL(request.url);
    if (url.pathname === "/missing") throw data(null, { status: 404 });
    const headline =
      url.pathname === "/news"
        ? (await (await context.visitor()).transport.get("/api/v1/news", newsSchema, undefined, { cache: NEWS_CACHE }))
            .headline
        : (await context.upstream.fetch(new Request("http://cms.test/api/v1/page")), null);
    const untilChange = state.changeAt === null ? null : state.changeAt - state.now;
    const cacheControl = pageCacheControl(request, signedIn, untilChange, context.publicUrl);
    const pageData = {
      title: headline ?? `Page ${url.pathname}`,
      tab: url.searchParams.get("tab"),
      locale: preferences.locale,
      theme: preferences.theme,
      canonical: `${siteOrigin(request, context)}${url.pathname}`,
    };
    return data(pageData, { headers: { "Cache-Control": cacheControl, Vary: "Cookie, Accept-Language" } });
  },
  headers: ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders,
  default: () => null,
};
/** A page with a form: its loader gives the anonymous visitor a session (a CSRF token). */
const formPage = {
  async loader({ context }: LoaderFunctionArgs) {
    ensureCsrfToken((await context.visitor()).session);
    return data({ title: "Form" }, { headers: { "Cache-Control": "public, max-age=0, s-maxage=60" } });
  },
  headers: ({ loaderHeaders }: { loaderHeaders: Headers }) => loaderHeaders,
  default: () => null,
};

type PageData = { title: string; tab: string | null; locale: string; theme: string; canonical: string };

/** entry.server's part that matters here: the nonce on every script, the session's cookie. */
async function renderDocument(
  _request: Request,
  status: number,
  headers: Headers,
  remixContext: EntryContext,
  context: AppLoadContext,
) {
  state.renders++;
  await appendSessionCookie(context, headers);
  const loaderData = remixContext.staticHandlerContext.loaderData as Record<string, PageData | undefined>;
  const d = loaderData["routes/$"] ?? loaderData["routes/form"];
  const nonce = context.cspNonce;
  const body =
    `<!DOCTYPE html><html lang="${d?.locale}" class="${d?.theme}"><head>` +
    `<link rel="canonical" href="${d?.canonical}"><script nonce="${nonce}">window.title = "${d?.title}";</script>` +
    `<script type="application/json" nonce="${nonce}">{"messages":1}</script></head>` +
    `<body><h1>${d?.title}</h1><p>Tab: ${d?.tab}</p>` +
    `<script nonce="${nonce}" type="module">import "/build/entry.js";</script></body></html>`;
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(body, { status, headers });
}

const build = {
  mode: "production",
  entry: { module: { default: renderDocument } },
  routes: {
    root: { id: "root", path: "", module: { default: () => null } },
    "routes/form": { id: "routes/form", parentId: "root", path: "form", module: formPage },
    "routes/$": { id: "routes/$", parentId: "root", path: "*", module: page },
  },
  assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "test" },
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  future: { v3_singleFetch: true },
  isSpaMode: false,
} as unknown as ServerBuild;

/**
 * The site as server.ts builds it, with the page cache's options, on a free loopback port. With
 * `fastPath`, as server.ts does with the page cache on: its security middleware, and stored pages
 * answered before Express (`state.reachedExpress` counts the requests that were not).
 */
export async function startSite(publicUrl?: string, { fastPath = false } = {}) {
  const clock = () => state.now;
  const pageCache = new PageCache({ maxBytes: 2 ** 20, clock });
  const upstreamCache = new SwrCache(1000, clock);
  upstreamCache.onPurge(() => pageCache.purge());
  const renderCache = upstreamCache.revalidating();
  const contextOptions = { upstream, upstreamCache, sessionSecret: "s".repeat(40), production: false };
  const app = express();
  app.disable("x-powered-by");
  app.set("trust proxy", "loopback");
  app.use((_req, _res, next) => {
    state.reachedExpress++;
    next();
  });
  if (fastPath) app.use(securityHeaders(SECURITY));
  else
    app.use((_req, res, next) => {
      const nonce = createNonce();
      const extra = emptyCspSources();
      res.locals.cspNonce = nonce;
      res.locals.cspExtra = extra;
      onHeaders(res, () => {
        res.setHeader("Content-Security-Policy", contentSecurityPolicy({ nonce, extra }));
        const timing = res.locals.upstreamTiming as UpstreamTiming | undefined;
        if (timing) res.setHeader("Server-Timing", timing.header());
      });
      next();
    });
  const handlers = pageCacheMiddleware({
    cache: pageCache,
    handle: createRequestHandler(build, "production"),
    pageKey: { pageCacheDecision, renderCookie },
    publicUrl,
    clock,
    loadContext: (render) => createLoadContext({ ...contextOptions, ...render, upstreamCache: renderCache }),
  });
  app.use(handlers.stored);
  // What server.ts has between the two: static files (one here) and the rest of the stack.
  app.use((req, res, next) => {
    state.passedStored++;
    if (req.path === "/robots.txt") res.type("text/plain").send("User-agent: *");
    else next();
  });
  app.use(handlers.render);
  app.all(
    "*",
    createExpressHandler({
      build,
      mode: "production",
      getLoadContext: (req, res) => {
        const request = new Request(`http://visitor.internal${req.originalUrl}`, {
          headers: { cookie: req.get("cookie") ?? "", "accept-language": req.get("accept-language") ?? "" },
        });
        const context = createLoadContext({
          ...contextOptions,
          request,
          cspNonce: res.locals.cspNonce as string,
          cspExtra: res.locals.cspExtra as CspSources,
          publicUrl,
        });
        res.locals.upstreamTiming = context.upstreamTiming;
        return context;
      },
    }),
  );
  const fast = fastPath
    ? createFastPath({
        cache: pageCache,
        knownDecision: knownPageCacheDecision,
        publicUrl,
        securityHeaders: securityHeaderList(SECURITY),
        secure: requestIsSecure(app),
        clock,
      })
    : null;
  const server = http.createServer((req, res) => {
    if (!fast?.(req, res)) app(req, res);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    origin,
    pageCache,
    upstreamCache,
    get: (path: string, headers: Record<string, string> = {}, method = "GET") =>
      get(`${origin}${path}`, headers, method),
    close: () => new Promise((resolve) => server.close(resolve)),
  };
}
export type Site = Awaited<ReturnType<typeof startSite>>;

export interface Answer {
  status: number;
  headers: http.IncomingHttpHeaders;
  /** The body as sent (still compressed). */
  raw: Buffer;
  /** The body decoded. */
  html: string;
}

/** A request as a browser sends it, by default with no Accept-Encoding (the body arrives as is). */
function get(url: string, headers: Record<string, string>, method: string) {
  return new Promise<Answer>((resolve, reject) => {
    const request = http.request(url, { method, headers, agent: false }, (response) => {
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("end", () => {
        const raw = Buffer.concat(chunks);
        const encoding = response.headers["content-encoding"];
        const decoded =
          encoding === "br" ? zlib.brotliDecompressSync(raw) : encoding === "gzip" ? zlib.gunzipSync(raw) : raw;
        resolve({ status: response.statusCode ?? 0, headers: response.headers, raw, html: decoded.toString() });
      });
    });
    request.on("error", reject);
    request.end();
  });
}
