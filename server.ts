import { randomUUID } from "node:crypto";
import { existsSync } from "node:fs";
import path from "node:path";
import { pathToFileURL } from "node:url";
import zlib from "node:zlib";

import { getRequestListener } from "@hono/node-server";
import { createRequestHandler } from "@remix-run/express";
import { createRequestHandler as createRemixHandler, type ServerBuild } from "@remix-run/node";
import compression from "compression";
import express from "express";

import { secureDataDir } from "./app/host/data-dir.server";
import { parseEnv } from "./app/host/env.server";
import { parseDsn } from "./app/host/error-reporting/dsn";
import { type FromBuild, fromBuild } from "./app/host/from-build";
import { createHttpServer } from "./app/host/http-server.server";
import { collectWhenIdle } from "./app/host/idle-gc.server";
import { createFastPath, fastPathFirst, requestIsSecure } from "./app/host/page-cache/fast-path.server";
import { pageCacheMiddleware } from "./app/host/page-cache/middleware.server";
import { PageCache } from "./app/host/page-cache/store.server";
import { mountGuardsAndCms, privateWhenSettingCookies, TRUSTED_PROXIES } from "./app/host/request-guards.server";
import { type CspSources } from "./app/host/security-headers.server";
import { securityHeaderList, securityHeaders } from "./app/host/security-middleware.server";
import { bareErrors, healthHandler, mountStaticFiles } from "./app/host/static-files.server";
import { stopOnSignals } from "./app/host/stop-on-signals.server";
import { visitorRequest } from "./app/host/visitor-request.server";
import { createWarmUp, loopbackOrigin, pageRequest } from "./app/host/warm-up.server";
import type { PurgeRequest } from "./app/lib/api/cache.server";
import type { Upstream } from "./app/lib/context";
import { variantRequest } from "./app/shared/variant-request";
import { listenForChanges } from "./cms/change-channel";
import { paymentPageOrigins } from "./cms/contract/payment-env";
import type { Database } from "./cms/db/client";
import type { Mailer } from "./cms/mail/mailer";
import { startCms } from "./cms/start";

let env: ReturnType<typeof parseEnv>;
try {
  env = parseEnv();
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const production = env.NODE_ENV === "production";

// DATA_DIR (database, session secret, image cache) is the owner's alone, and so is whatever this
// process creates from here on; PGlite's own 0666 files are reachable only through the 0700 folder.
process.umask(0o077);
const dataDir = secureDataDir(env.DATA_DIR);
if (dataDir.tightened) console.log(`[site] DATA_DIR: made ${dataDir.tightened} files and folders owner-only`);
for (const failure of dataDir.failed) console.warn(`[site] DATA_DIR: could not make owner-only: ${failure}`);

const buildFile = path.resolve("build/index.js");
if (!existsSync(buildFile)) {
  console.error("No server build at build/index.js: run `npm run build` (npm start does this for you).");
  process.exit(1);
}
let build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
// What the host hands Remix (the load context and what it carries) and the page cache's key come
// from the build itself: one copy of those modules, the build's (decision 106).
let fromTheBuild: FromBuild;
try {
  fromTheBuild = fromBuild(build);
} catch (error) {
  console.error((error as Error).message);
  process.exit(1);
}
const {
  SwrCache,
  createUpstreamBreaker,
  parseBaseAllowlist,
  browserErrorReporter,
  createLoadContext,
  pageCacheDecision,
  knownPageCacheDecision,
  renderCookie,
} = fromTheBuild;

// Error reporting (decision 065), only with SENTRY_DSN: unset, nothing of Sentry is even loaded.
const reportingDsn = env.SENTRY_DSN ? parseDsn(env.SENTRY_DSN) : null;
const errorReporter = env.SENTRY_DSN ? browserErrorReporter(env.SENTRY_DSN, env.NODE_ENV) : null;
if (env.SENTRY_DSN && reportingDsn) {
  const { startServerReporting } = await import("./app/host/error-reporting/sentry.server");
  build = startServerReporting(build, { dsn: env.SENTRY_DSN, environment: env.NODE_ENV });
  console.log(`[site] reporting errors to ${reportingDsn.origin}${errorReporter ? ", in browsers too" : ""}`);
}

// The origins a token login's `b` may name (decision 047).
const tokenLoginBaseUrls = parseBaseAllowlist(env.TOKEN_LOGIN_ORIGINS);

// Anonymous upstream answers, shared by every request of this process (purged by POST /_purge).
const upstreamCache = new SwrCache();
// What a content change (this instance's, another's, POST /_purge) drops: the answers it made
// stale and, through `onPurge`, every rendered page.
const purgeCaches = (change: PurgeRequest) => {
  upstreamCache.purge(change);
  if (env.IMAGE_WARM_UP === "on") warmUp.schedule(); // [warm-up] pages may name new image variants now
};
// While this instance cannot hear the others' changes, nothing it has cached is served as fresh:
// each answer is refreshed before a page is rendered from it, or said to be out of date (123).
const expireCaches = () => upstreamCache.expire();
// POST /_purge tells the other instances on the same PostgreSQL too (decision 118).
let announcePurge: ((change: PurgeRequest) => Promise<void>) | undefined;

// Where a buyer may be sent to pay besides the CMS's /pay/ pages: Stripe Checkout's, with Stripe.
const paymentOrigins = paymentPageOrigins(env);

// The embedded CMS API, unless the site talks to an external one.
let database: Database | null = null;
let mailer: Mailer | null = null;
let upstream: Upstream;
let cmsListener: ReturnType<typeof getRequestListener> | null = null;
let stopCms = () => {};
if (env.CMS_API_URL) {
  upstream = {
    fetch: (req) => fetch(req),
    baseUrl: env.CMS_API_URL,
    publicUrl: env.CMS_PUBLIC_URL ?? env.CMS_API_URL,
    timeoutMs: env.UPSTREAM_TIMEOUT_MS,
    paymentOrigins,
  };
  // An external CMS on PostgreSQL announces its changes there too: with DATABASE_LISTEN_URL naming
  // its database, this instance hears them itself, not only through the one POST /_purge (123).
  if (env.DATABASE_LISTEN_URL) {
    const changes = listenForChanges({
      databaseUrl: env.DATABASE_LISTEN_URL,
      self: `site-${randomUUID()}`,
      onChange: purgeCaches,
      onLost: expireCaches,
    });
    await changes.started;
    stopCms = () => void changes.close();
  }
} else {
  // The embedded CMS, opened as `npm run cms` opens it (cms/start.ts); its test gateway's /pay/
  // pages are served through the site (CMS_PATHS).
  const started = await startCms(env, {
    production,
    siteUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    oauthClientId: env.OAUTH_CLIENT_ID,
    // A content change drops the answers it made stale, so the next request shows it.
    onContentChange: purgeCaches,
    // …and so do the other instances' on one PostgreSQL, heard on a connection of its own (118).
    // [warm-up] Only the instance that made a change walks for its new variants: made once, they
    // are in the shared store for all (decision 122).
    otherInstances: env.DATABASE_URL
      ? {
          listenUrl: env.DATABASE_LISTEN_URL ?? env.DATABASE_URL,
          onChange: (change) => void upstreamCache.purge(change),
          onLost: expireCaches,
        }
      : undefined,
  });
  ({ database, mailer } = started);
  announcePurge = started.announce;
  stopCms = started.stop;
  const cms = started.app;
  cmsListener = getRequestListener(cms.fetch);
  upstream = {
    fetch: cms.fetch,
    baseUrl: "http://cms.internal",
    publicUrl: "",
    timeoutMs: env.UPSTREAM_TIMEOUT_MS,
    paymentOrigins,
  };
}

// After a call gets no answer, calls fail at once (cached or seeded copies serve) while a probe
// waits for the upstream; per process, so it travels on the load context like the cache.
const upstreamBreaker = createUpstreamBreaker(upstream, { probeTimeoutMs: env.PAGE_DEADLINE_MS });

// [warm-up] The image variants the pages name, made in the background after start and after content
// changes, so no visitor waits for an encode (app/host/warm-up.server.ts, decision 032).
const warmUp = createWarmUp({
  fetchPage: (pagePath) => fetch(pageRequest(pagePath, loopbackOrigin(server.address()))),
  fetchVariant: (url) => upstream.fetch(variantRequest(url, upstream.publicUrl || upstream.baseUrl)),
});

// What every load context carries: the page cache's renders' and Remix's own.
const contextBase = {
  upstream,
  upstreamBreaker,
  sessionSecret: env.SESSION_SECRET,
  production,
  purgeToken: env.PURGE_TOKEN,
  announcePurge,
  tokenLoginBaseUrls,
  oauthClientId: env.OAUTH_CLIENT_ID,
  errorReporter,
};

const app = express();
app.disable("x-powered-by");
// Express's own error pages must never show a stack, whatever NODE_ENV says.
app.set("env", "production");
app.set("trust proxy", TRUSTED_PROXIES);
// Security headers on every response, with a fresh CSP nonce for each.
const securityOptions = {
  imageOrigins: env.CMS_API_URL ? [new URL(env.CMS_API_URL).origin] : [],
  connectOrigins: reportingDsn ? [reportingDsn.origin] : [],
  formActionOrigins: paymentOrigins,
  production,
};
app.use(securityHeaders(securityOptions));
// Whatever a route says, a response that sets a cookie is private (checked as the headers go out).
app.use(privateWhenSettingCookies);

// ── The rendered-page cache (decision 029) ──────────────────────────────────────────────────────
// Anonymous GETs of pages are answered from rendered HTML kept in memory (PAGE_CACHE=off: never):
// stored pages right here, before the static files are looked up; renders just before Remix.
// Any purge of the upstream cache (the embedded CMS's change notices, this instance's or another's
// on one PostgreSQL, POST /_purge) drops every page.
let pageCacheRender: express.RequestHandler | null = null;
let storedPageFastPath: ReturnType<typeof createFastPath> | null = null;
if (env.PAGE_CACHE === "on") {
  const pageCache = new PageCache({ maxBytes: env.PAGE_CACHE_MB * 2 ** 20 });
  // Stored pages whose key is already known are answered before Express (fast-path.server.ts).
  storedPageFastPath = createFastPath({
    cache: pageCache,
    knownDecision: knownPageCacheDecision,
    publicUrl: env.PUBLIC_URL,
    securityHeaders: securityHeaderList(securityOptions),
    secure: requestIsSecure(app),
  });
  upstreamCache.onPurge(() => pageCache.purge());
  const renderCache = upstreamCache.revalidating();
  const handlers = pageCacheMiddleware({
    cache: pageCache,
    handle: createRemixHandler(build, "production"),
    pageKey: { pageCacheDecision, renderCookie },
    publicUrl: env.PUBLIC_URL,
    // A render's context is an anonymous visitor's, built from the render's own request.
    loadContext: ({ request, cspNonce, cspExtra, publicUrl }) =>
      createLoadContext({
        ...contextBase,
        request,
        cspNonce,
        cspExtra,
        // A page kept for a lifetime is made from fresh answers: stale ones are refreshed first (118).
        upstreamCache: renderCache,
        // Only GETs render into the cache: they wait for the upstream this long at most.
        upstreamDeadlineMs: env.PAGE_DEADLINE_MS,
        publicUrl,
      }),
  });
  app.use(handlers.stored);
  pageCacheRender = handlers.render;
}
// ── end of the rendered-page cache (its renders are mounted below) ────────────────────────────────

// Everything else is compressed as it goes: brotli at quality 2 with a 256 KiB window. For a page
// rendered per request, quality 3 costs a fifth more CPU for 1.5 % fewer bytes, and quality 4 with
// the 4 MiB default a half more for 6 %. Stored pages are compressed once, at the best, and sent
// above without passing through here (its wrapping of every answer was 8 % of a hit's CPU).
app.use(
  compression({
    brotli: { params: { [zlib.constants.BROTLI_PARAM_LGWIN]: 18, [zlib.constants.BROTLI_PARAM_QUALITY]: 2 } },
  }),
);

// build/ (immutable), locales/, public/ and the service worker's script.
mountStaticFiles(app);
// [warm-up] the answer says idle|running|done
app.get(
  "/healthz",
  healthHandler({ database, upstream, warmUpState: () => warmUp.state(), draining: () => drain.draining() }),
);

// The request guards (bounded bodies; no cross-site writes, judged by the host Remix sees), then
// the embedded CMS: nothing that acts on a request comes before them.
mountGuardsAndCms(app, cmsListener);

// ── The rendered-page cache's renders (decision 029; set up above) ────────────────────────────────
if (pageCacheRender) app.use(pageCacheRender);

app.all(
  "*",
  createRequestHandler({
    build,
    // Production mode always: error details and stacks never reach the browser.
    mode: "production",
    getLoadContext: (req, res) => {
      const context = createLoadContext({
        ...contextBase,
        request: visitorRequest(req),
        cspNonce: res.locals.cspNonce as string,
        cspExtra: res.locals.cspExtra as CspSources,
        upstreamCache,
        // Pages wait for the upstream this long at most, all calls together; writes are not cut off.
        upstreamDeadlineMs: req.method === "GET" || req.method === "HEAD" ? env.PAGE_DEADLINE_MS : undefined,
        // The CMS's rate limits count per visitor: it believes this only on in-process calls.
        clientAddress: req.ip,
        publicUrl: env.PUBLIC_URL,
      });
      res.locals.upstreamTiming = context.upstreamTiming;
      return context;
    },
  }),
);

// Anything that still fails outside Remix (a malformed URL escape, say) gets a bare answer, no stack.
app.use(bareErrors);

const onListening = () => {
  console.log(
    `[site] serving on http://localhost:${env.PORT} (${database ? `embedded CMS on ${database.kind}` : `CMS at ${env.CMS_API_URL}`})`,
  );
  if (env.IMAGE_WARM_UP === "on") void warmUp.run(); // [warm-up]
};
// Request and header timeouts, keep-alive and a connection cap: see app/host/http-server.server.ts.
const server = createHttpServer(fastPathFirst(storedPageFastPath, app));
// A quiet server gives back what the last burst of renders left in V8's heap (idle-gc.server.ts).
const idleGc = collectWhenIdle(server);
if (env.HOST) server.listen(env.PORT, env.HOST, onListening);
else server.listen(env.PORT, onListening);

// Stopping without losing a request (decision 120; app/host/stop-on-signals.server.ts): the mail
// of the last answers goes out, and the database is closed last.
const drain = stopOnSignals(server, {
  drainMs: env.SHUTDOWN_DRAIN_MS,
  onSignal: () => warmUp.stop(), // [warm-up]
  async close() {
    upstreamBreaker.dispose();
    idleGc.stop();
    stopCms(); // this instance's background work, before its database goes
    await mailer?.flush(); // the mails of the last answers go out first
    await database?.close();
  },
});
