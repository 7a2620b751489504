import type { CspSources } from "~/host/security-headers.server";
import type { UpstreamTiming } from "~/shared/upstream-timing.server";

import type { PurgeRequest, SwrCache } from "./api/cache.server";
import type { CircuitBreaker } from "./api/circuit-breaker.server";
import type { ErrorReporter } from "./error-reporting/reporter";
import type { Visitor } from "./visitor.server";

/** What server.ts hands every loader and action (Remix's load context). */
export interface Upstream {
  /**
   * A fetch to the CMS API: in-process to cms/ when embedded, the network otherwise. `scope` is
   * one object per site request, the same for each of its calls: the embedded CMS keeps what it
   * may reuse across them there (a token checked once, decision 128); over the network it is unused.
   */
  fetch: (request: Request, scope?: object) => Promise<Response>;
  /** Base URL the transport builds request URLs on. */
  baseUrl: string;
  /** Public URL of the API host as browsers see it (the back-office lives at `{it}/cms`). */
  publicUrl: string;
  /** Timeout for each upstream call, in milliseconds. */
  timeoutMs: number;
  /**
   * Origins of the payment gateway's own pages (Stripe Checkout's) a buyer may be sent to, besides
   * the CMS's `/pay/` (`paymentPageOrigins` of cms/contract/payment-env.ts); unset: none.
   */
  paymentOrigins?: string[];
}

/**
 * The load context of one request (`createLoadContext`). What must be shared between server.ts
 * and the Remix build travels here, never in module globals: server.ts (the host,
 * build/host.js) takes what it puts here from the build (decision 106), but the modules both
 * import (`app/shared/`) exist once on each side.
 */
export interface SiteContext {
  cspNonce: string;
  /** Origins this response's CSP allows beyond the defaults; loaders add to it (see server.ts). */
  cspExtra: CspSources;
  upstream: Upstream;
  /** The visitor of this request: built on first use, then the same for every loader and action. */
  visitor: () => Promise<Visitor>;
  /** The session's Set-Cookie for this request's answer, when a loader or action changed it. */
  sessionCookie: () => Promise<string | null>;
  /** The process's cache of anonymous upstream answers (created by server.ts; purged by /_purge). */
  upstreamCache: SwrCache;
  /**
   * The process's circuit breaker (created by server.ts): after the upstream stops answering,
   * calls fail at once for a while so cached or seeded copies serve. Absent, calls always go.
   */
  upstreamBreaker?: CircuitBreaker;
  /** Aborts this request's upstream calls still waiting at its deadline (PAGE_DEADLINE_MS). */
  upstreamDeadline?: AbortSignal;
  /** This request's upstream calls and cache hits, written as the Server-Timing header. */
  upstreamTiming: UpstreamTiming;
  /** The site's public origin (PUBLIC_URL) when configured; else the request's own origin is used. */
  publicUrl?: string;
  /** TOKEN_LOGIN_ORIGINS: the origins a token login's `b` may name (decision 047). */
  tokenLoginBaseUrls?: string[];
  /** OAUTH_CLIENT_ID: the site's client id at the CMS's authorisation server (default dovetail-site). */
  oauthClientId?: string;
  /** The browser's error reporter, when SENTRY_DSN is set (decision 065). */
  errorReporter?: ErrorReporter | null;
  /** PURGE_TOKEN: the bearer token of the CMS's purge calls; unset, `/_purge` does not exist. */
  purgeToken?: string;
  /**
   * Tells the other instances on the same PostgreSQL about a purge `/_purge` made here (decision
   * 118); absent (PGlite, an external CMS), the purge stays in this process. Never rejects.
   */
  announcePurge?: (request: PurgeRequest) => Promise<void>;
}

declare module "@remix-run/server-runtime" {
  interface AppLoadContext extends SiteContext {}
}
