/**
 * Marks an UpstreamError whichever copy of this module made it: server.ts (the host,
 * build/host.js) builds the transport from its own copy of app/, while loaders run in the Remix
 * build's copy, so `instanceof` would not recognise an error thrown across the two.
 */
const UPSTREAM_ERROR = Symbol.for("dovetail.UpstreamError");

/** A failed upstream call. `status` is the HTTP status, or -1 when no answer came (network failure). */
export class UpstreamError extends Error {
  readonly status: number;
  readonly code?: string;
  readonly path: string;
  /** Seconds to wait before trying again (a 429's Retry-After or `retry_after`). */
  readonly retryAfter?: number;
  /** A validation error's messages per field (`errors: { field: [message] }`, decision 040). */
  readonly errors?: Record<string, string[]>;
  readonly [UPSTREAM_ERROR] = true;

  constructor(
    message: string,
    status: number,
    path: string,
    code?: string,
    extra: { retryAfter?: number; errors?: Record<string, string[]> } = {},
  ) {
    super(message);
    this.name = "UpstreamError";
    this.status = status;
    this.path = path;
    this.code = code;
    this.retryAfter = extra.retryAfter;
    this.errors = extra.errors;
  }

  /** True when the upstream could not be reached or did not answer properly. */
  get unavailable() {
    return this.status === -1 || this.status >= 500;
  }
}

export const NETWORK_ERROR = "Network Error";

/** The code of the error a call gets at once while the circuit breaker is open (no call is made). */
export const CIRCUIT_OPEN = "circuit-open";

export function isUpstreamError(e: unknown): e is UpstreamError {
  return typeof e === "object" && e !== null && (e as { [UPSTREAM_ERROR]?: unknown })[UPSTREAM_ERROR] === true;
}

/**
 * True for a call the open circuit breaker refused without making it. The breaker logs once when
 * it opens; callers that would log each failure leave these out.
 */
export function isCircuitOpen(e: unknown) {
  return isUpstreamError(e) && e.code === CIRCUIT_OPEN;
}
