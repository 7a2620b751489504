import type { CspSources } from "../security-headers.server";

/** One rendered page as the cache keeps it: the same body three ways, and what its answers need. */
export interface StoredPage {
  /** Headers the page was rendered with (Content-Type, Vary, …), less Cache-Control, cookies and lengths. */
  headers: [string, string][];
  identity: Buffer;
  gzip: Buffer;
  br: Buffer;
  /** What every answer's CSP adds: the hashes of this body's inline scripts, the hosts the render added. */
  csp: CspSources;
  renderedAt: number;
  /** When the page's shared-cache lifetime (its s-maxage) ends: never served after this moment. */
  expiresAt: number;
  /** The page's stale-while-revalidate, in seconds, for the Cache-Control of later answers. */
  staleSeconds: number;
}

/** What a render settled: a page to store and share, or nothing another request may use. */
export interface RenderOutcome {
  page: StoredPage | null;
}

export interface PageCacheOptions {
  /** The bound on what the stored pages weigh, all three bodies counted. */
  maxBytes: number;
  /** Pages stored per group (one path in one language and theme: the page and its `?tab=` variants). */
  maxVariants?: number;
  clock?: () => number;
}

interface Slot {
  page: StoredPage;
  group: string;
  bytes: number;
}

/** What a page costs beyond its bodies: the key, the headers, the maps' bookkeeping (an estimate). */
const OVERHEAD_BYTES = 1024;
/** A refresh starts on a request this close to the end of a page's life (or a fifth of it, if less). */
const REFRESH_AHEAD_MS = 10_000;
/** Pages that live shorter than this are not refreshed ahead (the next request renders them). */
const MIN_REFRESH_LIFETIME_MS = 10_000;

/**
 * The rendered-page cache: pages by key, least recently used first, bounded in bytes; a page is
 * gone at its `expiresAt`, at a purge, or when newer pages push it out. Renders are coalesced:
 * while one runs for a key, later requests for that key wait for its outcome instead of
 * rendering again. A purge drops every page and disowns the renders under way, whose pages may
 * predate the change: they still answer their requests but are not stored.
 */
export class PageCache {
  private entries = new Map<string, Slot>();
  private groups = new Map<string, number>();
  private rendering = new Map<string, Promise<RenderOutcome>>();
  private totalBytes = 0;
  private generation = 0;
  private readonly maxBytes: number;
  private readonly maxVariants: number;
  private readonly clock: () => number;

  constructor(options: PageCacheOptions) {
    this.maxBytes = options.maxBytes;
    this.maxVariants = options.maxVariants ?? 8;
    this.clock = options.clock ?? Date.now;
  }

  /** The stored page for `key` while it lives (it becomes the most recently used); else undefined. */
  get(key: string): StoredPage | undefined {
    const slot = this.entries.get(key);
    if (!slot) return undefined;
    if (this.clock() >= slot.page.expiresAt) {
      this.remove(key, slot);
      return undefined;
    }
    this.entries.delete(key);
    this.entries.set(key, slot);
    return slot.page;
  }

  /**
   * Runs `render` for `key` unless a render of it is under way, in which case the caller shares
   * that one's outcome (`first` is false). A page in the outcome is stored under `key` in `group`,
   * unless a purge came while it rendered.
   */
  render<T extends RenderOutcome>(key: string, group: string, render: () => Promise<T>) {
    const running = this.rendering.get(key) as Promise<T> | undefined;
    if (running) return { first: false, outcome: running };
    const generation = this.generation;
    const outcome: Promise<T> = render()
      .then((result) => {
        if (result.page && generation === this.generation) this.store(key, group, result.page);
        return result;
      })
      .finally(() => {
        if (this.rendering.get(key) === outcome) this.rendering.delete(key);
      });
    this.rendering.set(key, outcome);
    return { first: true, outcome };
  }

  /** Whether a request that got `page` should start rendering its successor in the background. */
  wantsRefresh(key: string, page: StoredPage) {
    const lifetime = page.expiresAt - page.renderedAt;
    if (lifetime < MIN_REFRESH_LIFETIME_MS || this.rendering.has(key)) return false;
    return this.clock() >= page.expiresAt - Math.min(REFRESH_AHEAD_MS, lifetime / 5);
  }

  /** Drops every page and disowns the renders under way. Returns how many pages went. */
  purge(): number {
    const dropped = this.entries.size;
    this.entries.clear();
    this.groups.clear();
    this.rendering.clear();
    this.totalBytes = 0;
    this.generation++;
    return dropped;
  }

  /** How many pages are stored and what they weigh (tests, logs). */
  get stats() {
    return { pages: this.entries.size, bytes: this.totalBytes };
  }

  private store(key: string, group: string, page: StoredPage) {
    const bytes = page.identity.length + page.gzip.length + page.br.length + key.length * 2 + OVERHEAD_BYTES;
    // One page may not take more than a quarter of the cache: it would push out too much.
    if (bytes > this.maxBytes / 4) return;
    const previous = this.entries.get(key);
    if (previous) this.remove(key, previous);
    else if ((this.groups.get(group) ?? 0) >= this.maxVariants) return;
    this.entries.set(key, { page, group, bytes });
    this.groups.set(group, (this.groups.get(group) ?? 0) + 1);
    this.totalBytes += bytes;
    for (const [oldest, slot] of this.entries) {
      if (this.totalBytes <= this.maxBytes) break;
      this.remove(oldest, slot);
    }
  }

  private remove(key: string, slot: Slot) {
    this.entries.delete(key);
    this.totalBytes -= slot.bytes;
    const left = (this.groups.get(slot.group) ?? 1) - 1;
    if (left > 0) this.groups.set(slot.group, left);
    else this.groups.delete(slot.group);
  }
}
