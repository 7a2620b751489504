/**
 * One site instance in this process, wired as server.ts wires `npm start`'s: the embedded CMS
 * opened by `startCms` (its change notices purge in process; on PostgreSQL it LISTENs for the
 * other instances'), one upstream cache whose purges drop every rendered page, the rendered-page
 * cache rendering through the cache's `revalidating()` view, the guards and the CMS's paths, then
 * Remix. Its Remix build has the real catch-all page loader (`routes/$.tsx`) and `/_purge` route;
 * the document is a stand-in that shows the page's title and the shop's switch (`ecommerce`).
 * Several of these on one PostgreSQL are what several `npm start` processes behind a load
 * balancer are, without a build or a process each.
 */
import http from "node:http";
import type { AddressInfo } from "node:net";

import { getRequestListener } from "@hono/node-server";
import { createRequestHandler as createExpressHandler } from "@remix-run/express";
import {
  type AppLoadContext,
  createRequestHandler,
  type EntryContext,
  type LoaderFunctionArgs,
  type ServerBuild,
} from "@remix-run/node";
import express from "express";

import { pageCacheMiddleware } from "~/host/page-cache/middleware.server";
import { PageCache } from "~/host/page-cache/store.server";
import { mountGuardsAndCms } from "~/host/request-guards.server";
import { createNonce, type CspSources, emptyCspSources } from "~/host/security-headers.server";
import { type PurgeRequest, SwrCache } from "~/lib/api/cache.server";
import { getSettings } from "~/lib/api/site.server";
import { appendSessionCookie, createLoadContext } from "~/lib/load-context.server";
import { pageCacheDecision, renderCookie } from "~/lib/page-cache/key.server";
import * as purgeRoute from "~/routes/[_]purge";
import * as pageRoute from "~/routes/$";

import { DEFAULT_AVIF_EFFORT } from "../../cms/media/variants";
import { startCms } from "../../cms/start";

export const PUBLIC_URL = "https://dovetail.example";
export const PURGE_TOKEN = "p".repeat(40);

const root = {
  async loader({ context }: LoaderFunctionArgs) {
    const { transport } = await context.visitor();
    return { ecommerce: (await getSettings(transport)).ecommerce };
  },
  default: () => null,
};

/** entry.server's part that matters here: the page's title and the shop's switch, the session's cookie. */
async function renderDocument(
  _request: Request,
  status: number,
  headers: Headers,
  remixContext: EntryContext,
  context: AppLoadContext,
) {
  await appendSessionCookie(context, headers);
  const data = remixContext.staticHandlerContext.loaderData as Record<string, unknown>;
  const title = (data["routes/$"] as { page?: { title?: string } } | undefined)?.page?.title;
  const shop = (data.root as { ecommerce?: boolean } | undefined)?.ecommerce;
  headers.set("Content-Type", "text/html; charset=utf-8");
  return new Response(`<!DOCTYPE html><html><body><h1>${title}</h1><p>shop ${shop}</p></body></html>`, {
    status,
    headers,
  });
}

const build = {
  mode: "production",
  entry: { module: { default: renderDocument } },
  routes: {
    root: { id: "root", path: "", module: root },
    "routes/[_]purge": { id: "routes/[_]purge", parentId: "root", path: "_purge", module: purgeRoute },
    "routes/$": { id: "routes/$", parentId: "root", path: "*", module: pageRoute },
  },
  assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "test" },
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  future: { v3_singleFetch: true },
  isSpaMode: false,
} as unknown as ServerBuild;

export interface InstanceOptions {
  name: string;
  databaseUrl: string;
  dataDir: string;
  jwtSecret: string;
}

/** An instance on a free loopback port; `get` is a browser's anonymous GET of a page. */
export async function startInstance({ name, databaseUrl, dataDir, jwtSecret }: InstanceOptions) {
  const upstreamCache = new SwrCache();
  const purgeCaches = (change: PurgeRequest) => void upstreamCache.purge(change);
  const cms = await startCms(
    {
      DATABASE_URL: databaseUrl,
      DATABASE_POOL_MAX: 10,
      DATABASE_POOL_WAIT_MS: 3000,
      DATA_DIR: dataDir,
      // The default: startCms sets it for the process, which other test files share.
      IMAGE_AVIF_EFFORT: DEFAULT_AVIF_EFFORT,
      JWT_SECRET: jwtSecret,
      AUTH_RATE_LIMIT: 100,
      CAPTCHA_DIFFICULTY: 8,
      PAYMENT_GATEWAY: "test",
      STOCK_HOLD_MINUTES: 30,
    },
    {
      production: false,
      siteUrl: PUBLIC_URL,
      oauthClientId: "dovetail-site",
      onContentChange: purgeCaches,
      otherInstances: { listenUrl: databaseUrl, onChange: purgeCaches, onLost: () => upstreamCache.expire() },
    },
  );
  // Each instance its own base URL, so the transport's in-flight sharing never joins two instances.
  const upstream = { fetch: cms.app.fetch, baseUrl: `http://cms-${name}.internal`, publicUrl: "", timeoutMs: 10_000 };
  const contextOptions = {
    upstream,
    sessionSecret: "s".repeat(40),
    production: false,
    publicUrl: PUBLIC_URL,
    purgeToken: PURGE_TOKEN,
    announcePurge: cms.announce,
  };
  const pageCache = new PageCache({ maxBytes: 8 * 2 ** 20 });
  upstreamCache.onPurge(() => pageCache.purge());
  const renderCache = upstreamCache.revalidating();

  const app = express();
  app.use((_req, res, next) => {
    res.locals.cspNonce = createNonce();
    res.locals.cspExtra = emptyCspSources();
    next();
  });
  const handlers = pageCacheMiddleware({
    cache: pageCache,
    handle: createRequestHandler(build, "production"),
    pageKey: { pageCacheDecision, renderCookie },
    publicUrl: PUBLIC_URL,
    loadContext: (render) =>
      createLoadContext({ ...contextOptions, ...render, upstreamCache: renderCache, upstreamDeadlineMs: 8_000 }),
  });
  app.use(handlers.stored);
  mountGuardsAndCms(app, getRequestListener(cms.app.fetch));
  app.use(handlers.render);
  app.all(
    "*",
    createExpressHandler({
      build,
      mode: "production",
      getLoadContext: (req, res) =>
        createLoadContext({
          ...contextOptions,
          request: new Request(`http://visitor.internal${req.originalUrl}`, {
            headers: { cookie: req.get("cookie") ?? "" },
          }),
          cspNonce: res.locals.cspNonce as string,
          cspExtra: res.locals.cspExtra as CspSources,
          upstreamCache,
        }),
    }),
  );
  const server = http.createServer(app);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  /** A request as a browser (or the CMS's purge call) sends it: status, Cache-Control and body. */
  async function request(path: string, init: RequestInit = {}) {
    const response = await fetch(`${origin}${path}`, { ...init, headers: { origin, ...init.headers } });
    return {
      status: response.status,
      cacheControl: response.headers.get("cache-control"),
      text: await response.text(),
    };
  }
  return {
    name,
    origin,
    cms,
    request,
    /** The page's `<h1>` and the shop's switch as an anonymous visitor gets them now. */
    async page(path: string) {
      const { text } = await request(path);
      return {
        title: /<h1>([^<]*)<\/h1>/.exec(text)?.[1],
        shop: /<p>shop (\w+)<\/p>/.exec(text)?.[1],
      };
    },
    async close() {
      const closed = new Promise((resolve) => server.close(resolve));
      server.closeAllConnections();
      await closed;
      cms.stop();
      await cms.changes?.close();
      await cms.mailer.flush();
      await cms.database.close();
    },
  };
}

export type Instance = Awaited<ReturnType<typeof startInstance>>;
