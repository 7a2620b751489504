/**
 * A small in-memory cache with revalidation (stale-while-revalidate). A fresh entry is served
 * as is; a stale one is served at once while one refresh runs in the background, and the
 * refreshed value replaces it unless `same` says nothing changed (then the old object stays,
 * as a page stays until its updated_at changes). When a refresh fails the stale value is kept,
 * so a site whose upstream is down still serves what it has seen.
 */
export interface CacheOptions<T> {
  /** How long a value stays fresh, in ms; or a function of the value (for schedules). */
  freshFor: number | ((value: T, now: number) => number);
  same?: (a: T, b: T) => boolean;
}

interface Entry<T> {
  value: T;
  freshUntil: number;
  refreshing?: Promise<T>;
}

export class SwrCache {
  private entries = new Map<string, Entry<unknown>>();
  private loading = new Map<string, Promise<unknown>>();

  constructor(
    private readonly maxEntries = 1000,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The cached value, without loading; undefined when never loaded. */
  peek<T>(key: string): T | undefined {
    return this.entries.get(key)?.value as T | undefined;
  }

  async get<T>(key: string, load: () => Promise<T>, options: CacheOptions<T>): Promise<T> {
    const now = this.clock();
    const entry = this.entries.get(key) as Entry<T> | undefined;
    if (entry) {
      if (now >= entry.freshUntil && !entry.refreshing) {
        entry.refreshing = load()
          .then((value) => {
            this.store(key, options.same?.(entry.value, value) ? entry.value : value, options);
            return value;
          })
          .catch((error) => {
            console.warn(`[cache] refresh of ${key} failed; serving the stale copy:`, (error as Error).message);
            return entry.value;
          })
          .finally(() => {
            entry.refreshing = undefined;
          });
      }
      return entry.value;
    }
    let pending = this.loading.get(key) as Promise<T> | undefined;
    if (!pending) {
      pending = load()
        .then((value) => {
          this.store(key, value, options);
          return value;
        })
        .finally(() => this.loading.delete(key));
      this.loading.set(key, pending);
    }
    return pending;
  }

  /** Waits for any background refreshes (tests). */
  async settle() {
    await Promise.all([...this.entries.values()].map((e) => e.refreshing));
  }

  delete(key: string) {
    this.entries.delete(key);
  }

  clear() {
    this.entries.clear();
  }

  private store<T>(key: string, value: T, options: CacheOptions<T>) {
    const now = this.clock();
    const ttl = typeof options.freshFor === "function" ? options.freshFor(value, now) : options.freshFor;
    this.entries.delete(key);
    this.entries.set(key, { value, freshUntil: now + Math.max(0, ttl) });
    if (this.entries.size > this.maxEntries) {
      // Maps keep insertion order: the first key is the least recently stored.
      this.entries.delete(this.entries.keys().next().value as string);
    }
  }
}

/** The process-wide cache of upstream answers shared by all anonymous visitors. */
export const upstreamCache = new SwrCache();

/**
 * Anonymous answers are shared through the cache; a caller with a token (whose answers may be
 * personal) always goes to the upstream.
 */
export function cachedWhenAnonymous<T>(t: { anonymous: boolean }, key: string, load: () => Promise<T>, options: CacheOptions<T>) {
  return t.anonymous ? upstreamCache.get(key, load, options) : load();
}
