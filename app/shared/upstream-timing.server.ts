import type { CacheOutcome } from "~/lib/api/cache.server";

/**
 * What one request asked of the upstream: its calls and their time, and the cache's hits and
 * misses; and, for a page the rendered-page cache considered, whether it was served from there.
 * The transport fills it; server.ts writes it as the response's Server-Timing header.
 */
export class UpstreamTiming {
  calls = 0;
  totalMs = 0;
  hits = 0;
  misses = 0;
  /**
   * Calls that got no answer (status -1: a network failure, a timeout, the open breaker), or a 503,
   * and cached answers kept because the refresh the request waited for failed.
   */
  noAnswers = 0;
  /**
   * Answers the cache gave past their freshness: a render made from one is not kept as fresh by
   * the rendered-page cache (decision 118).
   */
  staleAnswers = 0;
  /** The rendered-page cache's answer: "hit" (no render), "miss" (rendered, or waited for a render). */
  page?: CacheOutcome;

  recordCall(ms: number) {
    this.calls++;
    this.totalMs += ms;
  }

  recordNoAnswer() {
    this.noAnswers++;
  }

  recordCache(outcome: CacheOutcome, stale = false) {
    if (outcome === "hit") this.hits++;
    else this.misses++;
    if (stale) this.staleAnswers++;
  }

  /**
   * `upstream;dur=12.4;desc="3 calls", cache;desc="5 hit, 1 miss"`, after `page;desc="miss", `
   * when the page cache rendered the page; only `page;desc="hit"` when it served a stored page.
   */
  header() {
    if (this.page === "hit") return 'page;desc="hit"';
    const calls = `${this.calls} call${this.calls === 1 ? "" : "s"}`;
    const dur = Math.round(this.totalMs * 10) / 10;
    const upstream = `upstream;dur=${dur};desc="${calls}", cache;desc="${this.hits} hit, ${this.misses} miss"`;
    return this.page === "miss" ? `page;desc="miss", ${upstream}` : upstream;
  }
}
