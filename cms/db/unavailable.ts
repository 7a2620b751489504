/**
 * Whether an error means "the database cannot be reached just now" rather than a fault of the
 * request or the code (issue 28, decision 121): the CMS then answers 503 with Retry-After, and the
 * site treats that like any unavailable upstream (its stale, seeded and notice paths engage).
 *
 * - no connection: ECONNREFUSED, ECONNRESET, ETIMEDOUT, EHOSTUNREACH, ENOTFOUND, EPIPE, or pg's
 *   "Connection terminated" (the server went away mid-query);
 * - PostgreSQL refusing to serve: SQLSTATE class 08 (connection exceptions), 57P01 to 57P03
 *   (shutting down, crash recovery, cannot connect now), 53300 (too many connections);
 * - the pool's wait ran out ("timeout exceeded when trying to connect").
 *
 * Drizzle wraps a driver's error (`cause`), so the chain is followed.
 */
const NETWORK_CODES = new Set(["ECONNREFUSED", "ECONNRESET", "ETIMEDOUT", "EHOSTUNREACH", "ENOTFOUND", "EPIPE"]);
const SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
const MESSAGES = [/connection terminated/i, /timeout exceeded when trying to connect/i, /connection.*(ended|closed)/i];

export function isDatabaseUnavailable(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; depth < 5 && current && typeof current === "object"; depth++) {
    const { code, message } = current as { code?: unknown; message?: unknown };
    if (typeof code === "string" && (NETWORK_CODES.has(code) || SQLSTATES.has(code) || code.startsWith("08"))) {
      return true;
    }
    if (typeof message === "string" && MESSAGES.some((m) => m.test(message))) return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}

/** Seconds a client is told to wait before trying again. */
export const DATABASE_RETRY_AFTER_SECONDS = 30;
