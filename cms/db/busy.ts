/**
 * A database that cannot take a request now, answered as such (decision 120): never a 500, but a
 * 503 with Retry-After, which the site treats as "upstream unavailable" (its stale or seeded
 * copy, or its friendly 503 page) and a balancer may retry elsewhere.
 *
 * - "full": PostgreSQL refused a new connection, SQLSTATE 53300 (too_many_connections: the
 *   server's max_connections, or a role's or database's connection limit). Nothing ran, so a
 *   read (GET, HEAD) is tried once more after a short pause.
 * - "wait": this instance's pool had no connection to give within DATABASE_POOL_WAIT_MS (pg's
 *   connectionTimeoutMillis, while waiting for a free one or opening a new one).
 * - "unavailable": the server is starting, stopping or unreachable (57P01–57P03, class 08,
 *   a refused connection, one that broke under a query).
 */
export type BusyReason = "full" | "wait" | "unavailable";

/** Seconds a client should wait before trying again, per reason. */
export const RETRY_AFTER_SECONDS: Record<BusyReason, number> = { full: 2, wait: 2, unavailable: 10 };

/** The pause before a read that met a full server is tried again. */
export const FULL_RETRY_DELAY_MS = 250;

/** The messages pg and pg-pool give a connection wait that ran out (they carry no code). */
const WAIT_MESSAGES = [
  "timeout exceeded when trying to connect",
  "Connection terminated due to connection timeout",
  "timeout expired",
];
const UNAVAILABLE_MESSAGES = ["Connection terminated unexpectedly", "Client has encountered a connection error"];
const UNAVAILABLE_CODES = new Set([
  "57P01",
  "57P02",
  "57P03",
  "ECONNREFUSED",
  "ECONNRESET",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENOTFOUND",
  "EPIPE",
]);

/**
 * Why the database could not serve, when `error` (or one of its causes: drizzle wraps a driver's
 * error in `DrizzleQueryError`) says it was busy or away; null for any other error.
 */
export function busyReason(error: unknown): BusyReason | null {
  let current: unknown = error;
  for (let depth = 0; depth < 4 && current && typeof current === "object"; depth++) {
    const { code, message, cause } = current as { code?: unknown; message?: unknown; cause?: unknown };
    if (code === "53300") return "full";
    if (typeof message === "string" && WAIT_MESSAGES.includes(message)) return "wait";
    if (typeof code === "string" && (UNAVAILABLE_CODES.has(code) || code.startsWith("08"))) return "unavailable";
    if (typeof message === "string" && UNAVAILABLE_MESSAGES.includes(message)) return "unavailable";
    current = cause;
  }
  return null;
}

/** Marks an answer a read may be tried again for; taken off before the answer leaves the CMS. */
const RETRY_HEADER = "x-dovetail-database-full";

/** The 503 answer of a busy database: `{ message, status, code }`, Retry-After, never stored. */
export function busyResponse(reason: BusyReason): Response {
  const headers = new Headers({
    "content-type": "application/json; charset=UTF-8",
    "cache-control": "no-store",
    "retry-after": String(RETRY_AFTER_SECONDS[reason]),
  });
  if (reason === "full") headers.set(RETRY_HEADER, "1");
  const body = {
    message:
      reason === "unavailable"
        ? "The database is unavailable; try again shortly"
        : "The database is busy; try again shortly",
    status: 503,
    code: reason === "unavailable" ? "DATABASE_UNAVAILABLE" : "DATABASE_BUSY",
  };
  return new Response(JSON.stringify(body), { status: 503, headers });
}

/**
 * Wraps the CMS's fetch: a read (GET, HEAD) answered 503 because the server was full is tried once
 * more after `delayMs`; a write never is (part of it may have run). The mark is taken off either way.
 */
export function retryFullReads(
  fetch: (request: Request, env?: object) => Promise<Response>,
  delayMs = FULL_RETRY_DELAY_MS,
): (request: Request, env?: object) => Promise<Response> {
  return async (request, env) => {
    const first = await fetch(request, env);
    if (!first.headers.has(RETRY_HEADER)) return first;
    first.headers.delete(RETRY_HEADER);
    if (request.method !== "GET" && request.method !== "HEAD") return first;
    await first.body?.cancel();
    await new Promise((resolve) => setTimeout(resolve, delayMs));
    const second = await fetch(request, env);
    second.headers.delete(RETRY_HEADER);
    return second;
  };
}

let lastLogged = 0;
let unlogged = 0;

/** Logs a busy database at most once every 10 s, with how many more there were meanwhile. */
export function logBusy(reason: BusyReason, error: unknown, now = Date.now()) {
  if (now - lastLogged < 10_000) {
    unlogged += 1;
    return;
  }
  const more = unlogged ? ` (and ${unlogged} more since the last notice)` : "";
  lastLogged = now;
  unlogged = 0;
  const detail =
    error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
  console.warn(
    `[cms] database ${reason === "unavailable" ? "unavailable" : `busy (${reason})`}: ${detail}; answered 503${more}`,
  );
}
