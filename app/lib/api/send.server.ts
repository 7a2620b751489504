/**
 * One call to the upstream, sent and read (transport.server.ts decides when and with which
 * token): the call's timeout and the request's deadline, the JSON answer, and an error answer or
 * no answer at all turned into an UpstreamError.
 */
import type { Upstream } from "~/lib/context";

import { NETWORK_ERROR, UpstreamError } from "./errors";

/** The header that carries the visitor's address to the CMS, which believes it only in-process (decision 040). */
export const CLIENT_ADDRESS_HEADER = "X-Dovetail-Client-Address";

/** What a call is sent over: the upstream, the request's deadline and the visitor's address. */
export interface Link {
  upstream: Upstream;
  deadline?: AbortSignal;
  clientAddress?: string;
  /** One object for every call of the transport (one site request): `Upstream.fetch`'s `scope`. */
  scope?: object;
}

/** Rejects when the signal aborts (a timeout), so a fetch that ignores its signal still gives up. */
function aborted(signal: AbortSignal) {
  return new Promise<never>((_, reject) => {
    if (signal.aborted) reject(signal.reason);
    signal.addEventListener("abort", () => reject(signal.reason), { once: true });
  });
}

/** The field errors and Retry-After of an error answer (decision 040), when it has them. */
function upstreamErrorExtra(p: { errors?: unknown; retry_after?: unknown }, headers: Headers) {
  const errors =
    p.errors && typeof p.errors === "object" && !Array.isArray(p.errors)
      ? Object.fromEntries(
          Object.entries(p.errors as Record<string, unknown>).map(([field, list]) => [
            field,
            (Array.isArray(list) ? list : [list]).filter((m): m is string => typeof m === "string"),
          ]),
        )
      : undefined;
  const seconds = Number(headers.get("retry-after") ?? p.retry_after);
  return { errors, retryAfter: Number.isFinite(seconds) && seconds >= 0 ? Math.ceil(seconds) : undefined };
}

/** The message of an error answer that names none of its own. */
export function requestFailedMessage(status: number) {
  return `Request failed with status code ${status}`;
}

/** No (whole) answer came: a network failure, a timeout or the request's deadline, status -1. */
export function noAnswer({ upstream, deadline }: Pick<Link, "upstream" | "deadline">, cause: unknown, path: string) {
  const timedOut = cause instanceof Error && (cause.name === "TimeoutError" || cause.name === "AbortError");
  const message = !timedOut
    ? NETWORK_ERROR
    : deadline?.aborted
      ? "the request's deadline passed"
      : `timeout of ${upstream.timeoutMs}ms exceeded`;
  const error = new UpstreamError(message, -1, path);
  (error as Error).cause = cause;
  return error;
}

/** Sends one call with `token` (when given) and answers its parsed JSON, or throws an UpstreamError. */
export async function sendCall(
  { upstream, deadline, clientAddress, scope }: Link,
  method: "GET" | "POST",
  url: URL,
  path: string,
  body: unknown,
  token: string | null,
) {
  const headers = new Headers({ accept: "application/json" });
  if (token) headers.set("authorization", `Bearer ${token}`);
  if (clientAddress) headers.set(CLIENT_ADDRESS_HEADER, clientAddress);
  // A FormData body sets its own multipart content type (with the boundary).
  const multipart = body instanceof FormData;
  if (body !== undefined && !multipart) headers.set("content-type", "application/json");
  let response: Response;
  // Each call's own timeout, and the request's deadline over all of its calls.
  const timeout = AbortSignal.timeout(upstream.timeoutMs);
  const signal = deadline ? AbortSignal.any([timeout, deadline]) : timeout;
  try {
    const sent = body === undefined || multipart ? (body as FormData | undefined) : JSON.stringify(body);
    const init = { method, headers, body: sent, signal };
    // The in-process CMS does not watch the signal: race it, so the timeout holds either way.
    response = await Promise.race([upstream.fetch(new Request(url, init), scope), aborted(signal)]);
  } catch (cause) {
    throw noAnswer({ upstream, deadline }, cause, path);
  }
  let payload: unknown = null;
  let text: string;
  try {
    text = await Promise.race([response.text(), aborted(signal)]);
  } catch (cause) {
    // The answer stalled or broke off after its headers (a timeout lands here too).
    throw noAnswer({ upstream, deadline }, cause, path);
  }
  // A CSV export (the back-office's form submissions) is handed on as it is, as `{ text }`.
  if (response.ok && /^text\/csv\b/i.test(response.headers.get("content-type") ?? "")) return { text };
  if (text) {
    try {
      payload = JSON.parse(text);
    } catch {
      if (response.ok) throw new UpstreamError("The API answered with something that is not JSON", 502, path);
    }
  }
  if (!response.ok) {
    const p = (payload ?? {}) as { message?: unknown; code?: unknown; errors?: unknown; retry_after?: unknown };
    // A GraphQL error answer (`errors: [{ message }]`) names its first error's message.
    const listed = Array.isArray(p.errors) ? (p.errors[0] as { message?: unknown } | undefined)?.message : undefined;
    const message =
      typeof p.message === "string"
        ? p.message
        : typeof listed === "string" && listed
          ? listed
          : requestFailedMessage(response.status);
    const code = typeof p.code === "string" ? p.code : undefined;
    throw new UpstreamError(message, response.status, path, code, upstreamErrorExtra(p, response.headers));
  }
  return payload;
}
