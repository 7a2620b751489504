import type { z } from "zod";
import type { Upstream } from "~/lib/context";
import { NETWORK_ERROR, UpstreamError } from "./errors";

export type Query = Record<string, string | number | boolean | undefined | null>;

export interface Transport {
  get<T extends z.ZodTypeAny>(path: string, schema: T, query?: Query): Promise<z.infer<T>>;
  post<T extends z.ZodTypeAny>(path: string, schema: T, body: unknown): Promise<z.infer<T>>;
  /** True when no bearer token is sent: answers may be shared between visitors (cached). */
  readonly anonymous: boolean;
}

/** Rejects when the signal aborts (a timeout), so a fetch that ignores its signal still gives up. */
function aborted(signal: AbortSignal) {
  return new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

/** Identical GETs in flight at the same moment share one upstream call. */
const inFlight = new Map<string, Promise<unknown>>();

export function buildUrl(baseUrl: string, path: string, query?: Query) {
  const url = new URL(path.replace(/^\/+/, ""), baseUrl.endsWith("/") ? baseUrl : `${baseUrl}/`);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
  }
  return url;
}

/**
 * The one way the site talks to the upstream API: builds the URL on the base, sends the
 * bearer token when there is one, times out, turns failures into UpstreamError and parses
 * the answer with a zod schema.
 */
export function createTransport(upstream: Upstream, token?: string | null): Transport {
  /** No (whole) answer came: a network failure or a timeout, status -1. */
  function noAnswer(cause: unknown, path: string) {
    const timedOut = cause instanceof Error && (cause.name === "TimeoutError" || cause.name === "AbortError");
    const error = new UpstreamError(timedOut ? `timeout of ${upstream.timeoutMs}ms exceeded` : NETWORK_ERROR, -1, path);
    (error as Error).cause = cause;
    return error;
  }

  async function call(method: "GET" | "POST", path: string, query?: Query, body?: unknown): Promise<unknown> {
    const url = buildUrl(upstream.baseUrl, path, query);
    const headers = new Headers({ accept: "application/json" });
    if (token) headers.set("authorization", `Bearer ${token}`);
    if (body !== undefined) headers.set("content-type", "application/json");
    let response: Response;
    const signal = AbortSignal.timeout(upstream.timeoutMs);
    try {
      const request = new Request(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body), signal });
      // The in-process CMS does not watch the signal: race it, so the timeout holds either way.
      response = await Promise.race([upstream.fetch(request), aborted(signal)]);
    } catch (cause) {
      throw noAnswer(cause, path);
    }
    let payload: unknown = null;
    let text: string;
    try {
      text = await response.text();
    } catch (cause) {
      // The answer stalled or broke off after its headers (a timeout lands here too).
      throw noAnswer(cause, path);
    }
    if (text) {
      try {
        payload = JSON.parse(text);
      } catch {
        if (response.ok) throw new UpstreamError("The API answered with something that is not JSON", 502, path);
      }
    }
    if (!response.ok) {
      const p = (payload ?? {}) as { message?: unknown; code?: unknown };
      const message = typeof p.message === "string" ? p.message : `Request failed with status code ${response.status}`;
      throw new UpstreamError(message, response.status, path, typeof p.code === "string" ? p.code : undefined);
    }
    return payload;
  }

  function parse<T extends z.ZodTypeAny>(schema: T, payload: unknown, path: string): z.infer<T> {
    const parsed = schema.safeParse(payload);
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new UpstreamError(`Unexpected answer from ${path}: ${issue.path.join(".")}: ${issue.message}`, 502, path);
    }
    return parsed.data;
  }

  return {
    anonymous: !token,
    async get(path, schema, query) {
      const key = `${token ?? ""} ${buildUrl(upstream.baseUrl, path, query)}`;
      let pending = inFlight.get(key);
      if (!pending) {
        pending = call("GET", path, query).finally(() => inFlight.delete(key));
        inFlight.set(key, pending);
      }
      return parse(schema, await pending, path);
    },
    async post(path, schema, body) {
      return parse(schema, await call("POST", path, undefined, body), path);
    },
  };
}
