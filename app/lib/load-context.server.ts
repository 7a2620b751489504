import type { AppLoadContext } from "@remix-run/node";

import type { SwrCache } from "./api/cache.server";
import { UpstreamTiming } from "./api/upstream-timing.server";
import type { Upstream } from "./context";
import type { CspSources } from "./security-headers.server";
import { buildVisitor, type Visitor } from "./visitor.server";

export interface LoadContextOptions {
  /** The incoming request's query and headers; the visitor is built from them. */
  request: Request;
  cspNonce: string;
  cspExtra: CspSources;
  upstream: Upstream;
  upstreamCache: SwrCache;
  sessionSecret: string;
  production: boolean;
  publicUrl?: string;
  purgeToken?: string;
}

/**
 * The load context of one request (server.ts's getLoadContext; tests build theirs the same way).
 * The visitor is built lazily, on the first `context.visitor()`, and then shared: the session
 * is decoded once per request however many loaders ask.
 */
export function createLoadContext(options: LoadContextOptions): AppLoadContext {
  const { request, sessionSecret, production, ...shared } = options;
  const upstreamTiming = new UpstreamTiming();
  let visitor: Promise<Visitor> | undefined;
  return {
    ...shared,
    upstreamTiming,
    visitor: () =>
      (visitor ??= buildVisitor(request, {
        upstream: options.upstream,
        upstreamCache: options.upstreamCache,
        upstreamTiming,
        sessionSecret,
        production,
      })),
  };
}
