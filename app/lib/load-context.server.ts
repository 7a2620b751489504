import type { AppLoadContext } from "@remix-run/node";

import type { CspSources } from "~/host/security-headers.server";
import { UpstreamTiming } from "~/shared/upstream-timing.server";

import type { PurgeRequest, SwrCache } from "./api/cache.server";
import type { CircuitBreaker } from "./api/circuit-breaker.server";
import type { Upstream } from "./context";
import type { ErrorReporter } from "./error-reporting/reporter";
import { buildVisitor, type Visitor } from "./visitor.server";

export interface LoadContextOptions {
  /** The incoming request's query and headers; the visitor is built from them. */
  request: Request;
  cspNonce: string;
  cspExtra: CspSources;
  upstream: Upstream;
  upstreamCache: SwrCache;
  /** The process's circuit breaker (server.ts makes one); absent, every call goes to the upstream. */
  upstreamBreaker?: CircuitBreaker;
  /**
   * How long this request may wait for the upstream, all calls together (from now); unset, only
   * each call's own timeout applies. server.ts sets it for GET and HEAD requests.
   */
  upstreamDeadlineMs?: number;
  sessionSecret: string;
  production: boolean;
  /** The visitor's IP address (Express's req.ip), forwarded to the CMS for its per-visitor rate limits. */
  clientAddress?: string;
  /** The clock of token expiry (tests). */
  now?: () => number;
  publicUrl?: string;
  purgeToken?: string;
  /** Tells the other instances on one PostgreSQL about a `/_purge` (server.ts, embedded on PostgreSQL). */
  announcePurge?: (request: PurgeRequest) => Promise<void>;
  tokenLoginBaseUrls?: string[];
  oauthClientId?: string;
  /** The browser's error reporter (SENTRY_DSN set, decision 065); null or absent: none. */
  errorReporter?: ErrorReporter | null;
}

/**
 * The load context of one request (server.ts's getLoadContext; tests build theirs the same way).
 * The visitor is built lazily, on the first `context.visitor()`, and then shared: the session
 * is decoded once per request however many loaders ask.
 */
export function createLoadContext(options: LoadContextOptions): AppLoadContext {
  const { request, sessionSecret, production, upstreamDeadlineMs, clientAddress, now, ...shared } = options;
  const upstreamTiming = new UpstreamTiming();
  const upstreamDeadline = upstreamDeadlineMs === undefined ? undefined : AbortSignal.timeout(upstreamDeadlineMs);
  let visitor: Promise<Visitor> | undefined;
  return {
    ...shared,
    upstreamTiming,
    upstreamDeadline,
    visitor: () =>
      (visitor ??= buildVisitor(request, {
        upstream: options.upstream,
        upstreamCache: options.upstreamCache,
        upstreamBreaker: options.upstreamBreaker,
        upstreamDeadline,
        upstreamTiming,
        sessionSecret,
        production,
        clientAddress,
        now,
      })),
    // A request that never needed its visitor changed no session.
    sessionCookie: async () => (visitor ? (await visitor).sessionCookie() : null),
  };
}

/**
 * Adds the session's Set-Cookie, made from its state once every loader (or the action) of the
 * request has run, to an answer's headers: entry.server calls it for pages and data requests.
 */
export async function appendSessionCookie(context: AppLoadContext, headers: Headers) {
  const cookie = await context.sessionCookie();
  if (cookie) headers.append("Set-Cookie", cookie);
}
