import type { z } from "zod";

import type { Upstream } from "~/lib/context";
import type { UpstreamTiming } from "~/shared/upstream-timing.server";

import type { SwrCache } from "./cache.server";
import { CacheNone, type CacheStrategy } from "./cache-strategies";
import type { CircuitBreaker } from "./circuit-breaker.server";
import { isUpstreamError, UpstreamError } from "./errors";
import { type Link, noAnswer, sendCall } from "./send.server";

export type Query = Record<string, string | number | boolean | undefined | null>;

export interface CallOptions {
  /** How long the answer may be reused, by every visitor (default CacheNone: never; decision 124). */
  cache?: CacheStrategy;
}

/**
 * Pass answer schemas declared at module level: a cached answer's parsed form is kept per schema
 * object, so the same page comes back as the same object until it changes.
 */
export interface Transport {
  get<T extends z.ZodTypeAny>(path: string, schema: T, query?: Query, options?: CallOptions): Promise<z.infer<T>>;
  /** A POST; only a lookup that changes nothing (image/getByHash) may name a cache strategy. */
  post<T extends z.ZodTypeAny>(path: string, schema: T, body: unknown, options?: CallOptions): Promise<z.infer<T>>;
  /** A multipart POST (a file upload); never cached. */
  postForm<T extends z.ZodTypeAny>(path: string, schema: T, form: FormData): Promise<z.infer<T>>;
  /** True when no bearer token is sent: answers may be shared between visitors (cached). */
  readonly anonymous: boolean;
}

/**
 * A signed-in visitor's bearer token as the transport uses it (`app/lib/auth/tokens.server.ts`
 * makes one over the session): the token to send, refreshed first when about to expire; a new one
 * after the upstream said TOKEN_EXPIRED; and what to do when the upstream refuses the token.
 */
export interface BearerAuth {
  token(): Promise<string>;
  /** The upstream answered TOKEN_EXPIRED to `used`: a fresh token (one refresh), or throws. */
  expired(used: string): Promise<string>;
  /** TOKEN_INVALID or a bad signature: ends the session's sign-in and throws (a redirect). */
  refused(): Promise<never>;
}

export { CLIENT_ADDRESS_HEADER } from "./send.server";

/** 401 or 422 with TOKEN_EXPIRED: a refresh token gets a new access token, and the call is made again. */
export function isTokenExpired(error: unknown) {
  return isUpstreamError(error) && (error.status === 401 || error.status === 422) && error.code === "TOKEN_EXPIRED";
}

/** TOKEN_INVALID or 'Signature verification failed': the sign-in is over. */
export function isTokenRefused(error: unknown) {
  return (
    isUpstreamError(error) &&
    (error.status === 401 || error.status === 422) &&
    (error.code === "TOKEN_INVALID" || error.message === "Signature verification failed")
  );
}

/** What a transport shares with others (the cache, the breaker) and reports to (this request's timing). */
export interface TransportServices {
  cache?: SwrCache;
  timing?: UpstreamTiming;
  /** The process's circuit breaker: while the upstream is not answering, calls fail at once. */
  breaker?: CircuitBreaker;
  /** The request's deadline: aborts every call still waiting when the request has waited long enough. */
  deadline?: AbortSignal;
  /** The visitor's IP address, sent as X-Dovetail-Client-Address (the CMS's rate limits are per visitor). */
  clientAddress?: string;
}

/**
 * Identical uncached GETs in flight at the same moment share one upstream call. A pure
 * optimisation: were there two copies of this module, each would still answer correctly.
 */
const inFlight = new Map<string, Promise<unknown>>();

/** Parsed forms of cached answers, per schema, so a shared answer is parsed once. */
const parsedAnswers = new WeakMap<object, Map<z.ZodTypeAny, unknown>>();

export function buildUrl(baseUrl: string, path: string, query?: Query) {
  const url = new URL(path.replace(/^\/+/, ""), baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  }
  return url;
}

/** JSON with object keys sorted, so equal bodies give equal cache keys. */
function stableJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(stableJson).join(",")}]`;
  if (value && typeof value === "object") {
    const entries = Object.entries(value).filter(([, v]) => v !== undefined);
    entries.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${stableJson(v)}`).join(",")}}`;
  }
  return JSON.stringify(value) ?? "null";
}

/**
 * The cache key of a call: its URL's path relative to the base URL plus the sorted query
 * (`/api/v1/cognito/page/about?pb=1`), and for a POST its body after a `#`. Never the token.
 */
export function cacheKey(baseUrl: string, url: URL, body?: unknown) {
  const basePath = new URL(baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`).pathname;
  const params = new URLSearchParams(url.search);
  params.sort();
  const query = params.size ? `?${params}` : "";
  const key = `/${url.pathname.slice(basePath.length)}${query}`;
  return body === undefined ? key : `${key}#${stableJson(body)}`;
}

/** A failed refresh keeps the stale answer unless the upstream said the answer is gone (a 4xx). */
const keepStale = (error: unknown) => !isUpstreamError(error) || error.unavailable;

/**
 * The one way the site talks to the upstream API: builds the URL on the base, sends the
 * bearer token when there is one, times out, turns failures into UpstreamError, parses the
 * answer with a zod schema, and shares anonymous answers through the cache as the caller's
 * strategy says.
 */
export function createTransport(
  upstream: Upstream,
  auth?: string | BearerAuth | null,
  { cache, timing, breaker, deadline, clientAddress }: TransportServices = {},
): Transport {
  const bearer: BearerAuth | null =
    typeof auth === "string" && auth
      ? {
          token: async () => auth,
          expired: () => Promise.reject(new Error("no refresh")),
          refused: () => Promise.reject(new Error("refused")),
        }
      : auth && typeof auth === "object"
        ? auth
        : null;
  /** A plain token string has nothing to refresh or clear: its errors pass to the caller as they are. */
  const managed = typeof auth === "object" && auth !== null;
  const link: Link = { upstream, deadline, clientAddress, scope: {} };
  /**
   * A call with the visitor's token: refreshed first when about to expire; after TOKEN_EXPIRED,
   * once more with a fresh token; a refused token ends the sign-in (the BearerAuth throws).
   */
  async function authed(method: "GET" | "POST", url: URL, path: string, body: unknown, used: string | null) {
    try {
      return await call(method, url, path, body, used);
    } catch (error) {
      if (!bearer || !managed || used === null) throw error;
      if (isTokenRefused(error)) return bearer.refused();
      if (!isTokenExpired(error)) throw error;
      const fresh = await bearer.expired(used);
      try {
        return await call(method, url, path, body, fresh);
      } catch (again) {
        if (isTokenRefused(again) || isTokenExpired(again)) return bearer.refused();
        throw again;
      }
    }
  }

  async function call(method: "GET" | "POST", url: URL, path: string, body: unknown, token: string | null) {
    // Past the deadline, nothing more is asked: the caller falls back at once (not an outage).
    if (deadline?.aborted) {
      timing?.recordNoAnswer();
      throw noAnswer(link, deadline.reason, path);
    }
    const started = performance.now();
    try {
      const go = () => sendCall(link, method, url, path, body, token);
      return await (breaker ? breaker.run(path, go) : go());
    } catch (error) {
      // The link-state notice: this request's page may come from a stale or seeded copy (no
      // answer, or the CMS saying it is unavailable for a moment: its database is down).
      if (isUpstreamError(error) && (error.status === -1 || error.status === 503)) timing?.recordNoAnswer();
      throw error;
    } finally {
      timing?.recordCall(performance.now() - started);
    }
  }

  function parse<T extends z.ZodTypeAny>(schema: T, payload: unknown, path: string): z.infer<T> {
    const memo = payload && typeof payload === "object" ? parsedAnswers.get(payload) : undefined;
    if (memo?.has(schema)) return memo.get(schema);
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new UpstreamError(`Unexpected answer from ${path}: ${issue.path.join(".")}: ${issue.message}`, 502, path);
    }
    memo?.set(schema, parsed.data);
    return parsed.data;
  }

  type Shared = { cache: SwrCache; strategy: Extract<CacheStrategy, { mode: "shared" }> };

  /**
   * The cache and strategy for a call, or null when its answer is not to be shared. A call named
   * shared is content, the same whoever asks: a member's is answered from the same cache and sent
   * without the token, as an anonymous visitor's (decision 124).
   */
  function sharing(options?: CallOptions): Shared | null {
    const strategy = options?.cache ?? CacheNone;
    return cache && strategy.mode === "shared" ? { cache, strategy } : null;
  }

  /** Through the shared cache: an answer is stored only once it parsed, so a bad one never is. */
  async function cached<T extends z.ZodTypeAny>(
    { cache, strategy }: Shared,
    key: string,
    schema: T,
    path: string,
    load: () => Promise<unknown>,
  ): Promise<z.infer<T>> {
    const checkedLoad = async () => {
      const payload = await load();
      if (payload && typeof payload === "object") parsedAnswers.set(payload, new Map());
      parse(schema, payload, path);
      return payload;
    };
    const options = { freshFor: strategy.freshFor, same: strategy.same, changesAt: strategy.changesAt, keepStale };
    const payload = await cache.get(key, checkedLoad, options, (outcome, stale, refreshFailed) => {
      timing?.recordCache(outcome, stale);
      // A copy kept because the refresh this request waited for failed: the link-state notice.
      if (refreshFailed) timing?.recordNoAnswer();
    });
    return parse(schema, payload, path);
  }

  return {
    anonymous: !bearer,
    async get(path, schema, query, options) {
      const url = buildUrl(upstream.baseUrl, path, query);
      const share = sharing(options);
      if (share) {
        return cached(share, cacheKey(upstream.baseUrl, url), schema, path, () =>
          call("GET", url, path, undefined, null),
        );
      }
      const token = bearer ? await bearer.token() : null;
      const key = `${token ?? ""} ${clientAddress ?? ""} ${url}`;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = authed("GET", url, path, undefined, token).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return parse(schema, await pending, path);
    },
    async post(path, schema, body, options) {
      const url = buildUrl(upstream.baseUrl, path);
      const share = sharing(options);
      if (!share) {
        const token = bearer ? await bearer.token() : null;
        return parse(schema, await authed("POST", url, path, body, token), path);
      }
      return cached(share, cacheKey(upstream.baseUrl, url, body), schema, path, () =>
        call("POST", url, path, body, null),
      );
    },
    async postForm(path, schema, form) {
      // A retry after TOKEN_EXPIRED sends the same FormData again: it is re-read for each request.
      const token = bearer ? await bearer.token() : null;
      return parse(schema, await authed("POST", buildUrl(upstream.baseUrl, path), path, form, token), path);
    },
  };
}
