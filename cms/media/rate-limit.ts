/**
 * Encodes a client may cause: a token bucket per client address. Only a request that would start
 * a new encode takes a token (a cached variant, or one already being made, costs nothing), so a
 * visitor browsing the site never meets the limit, while a client walking through every width and
 * format of every image soon gets 429s. It lives in the process, not the database: what it
 * protects is this process's CPU.
 */
import type { Context } from "hono";

export interface EncodeRateLimitOptions {
  /** Encodes a client may cause at once, from a full bucket. */
  burst: number;
  /** Tokens given back per second. */
  perSecond: number;
  /** Clients remembered at most; beyond that, the longest-idle ones are forgotten. */
  maxClients?: number;
}

interface Bucket {
  tokens: number;
  at: number;
}

export class EncodeRateLimit {
  private readonly clients = new Map<string, Bucket>();

  constructor(private readonly options: EncodeRateLimitOptions) {}

  /**
   * Takes a token for `client` at time `now` (ms): null when it had one, else the whole seconds
   * until it will (for Retry-After).
   */
  take(client: string, now = Date.now()): number | null {
    const { burst, perSecond } = this.options;
    const bucket = this.clients.get(client) ?? { tokens: burst, at: now };
    // Re-inserted at the end, so the Map's first entries are the longest idle.
    this.clients.delete(client);
    bucket.tokens = Math.min(burst, bucket.tokens + (Math.max(0, now - bucket.at) / 1000) * perSecond);
    bucket.at = now;
    this.clients.set(client, bucket);
    this.forgetIdle();
    if (bucket.tokens >= 1) {
      bucket.tokens -= 1;
      return null;
    }
    return Math.max(1, Math.ceil((1 - bucket.tokens) / perSecond));
  }

  /** Forgets everyone (for tests). */
  clear() {
    this.clients.clear();
  }

  private forgetIdle() {
    const max = this.options.maxClients ?? 10_000;
    for (const client of this.clients.keys()) {
      if (this.clients.size <= max) break;
      this.clients.delete(client);
    }
  }
}

/** What a Node server gives a Hono app as its environment (`@hono/node-server`, or Express's request). */
interface NodeBindings {
  incoming?: { ip?: unknown; socket?: { remoteAddress?: unknown } };
}

/**
 * The client's address: Express's `req.ip` when the CMS is mounted in the site's server (it
 * honours the site's trusted proxies), else the socket's peer. Null for a call in the same
 * process (the site's own warm-up), which no limit applies to.
 */
export function clientAddress(c: Context): string | null {
  const incoming = (c.env as NodeBindings | undefined)?.incoming;
  const address = incoming?.ip ?? incoming?.socket?.remoteAddress;
  return typeof address === "string" && address !== "" ? address : null;
}

/**
 * The process's limit: 60 new variants at once, then one a second. A first visit to the largest
 * page asks for about 60 (one width and format per picture), and only before the warm-up has made
 * them; after it, visitors ask for none.
 */
export const encodeRateLimit = new EncodeRateLimit({ burst: 60, perSecond: 1 });
