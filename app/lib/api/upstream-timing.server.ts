import type { CacheOutcome } from "./cache.server";

/**
 * What one request asked of the upstream: its calls and their time, and the cache's hits and
 * misses. The transport fills it; server.ts writes it as the response's Server-Timing header.
 */
export class UpstreamTiming {
  calls = 0;
  totalMs = 0;
  hits = 0;
  misses = 0;

  recordCall(ms: number) {
    this.calls++;
    this.totalMs += ms;
  }

  recordCache(outcome: CacheOutcome) {
    if (outcome === "hit") this.hits++;
    else this.misses++;
  }

  /** `upstream;dur=12.4;desc="3 calls", cache;desc="5 hit, 1 miss"`. */
  header() {
    const calls = `${this.calls} call${this.calls === 1 ? "" : "s"}`;
    const dur = Math.round(this.totalMs * 10) / 10;
    return `upstream;dur=${dur};desc="${calls}", cache;desc="${this.hits} hit, ${this.misses} miss"`;
  }
}
