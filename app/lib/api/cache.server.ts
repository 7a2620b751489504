/**
 * A small in-memory cache with revalidation (stale-while-revalidate). A fresh entry is served
 * as is; a stale one is served at once while one refresh runs in the background, and the
 * refreshed value replaces it unless `same` says nothing changed (then the old object stays,
 * as a page stays until its updated_at changes). When a refresh fails the stale value is kept,
 * so a site whose upstream is down still serves what it has seen, unless `keepStale` says the
 * failure means the answer is gone.
 *
 * Keys are API paths with their query (`/api/v1/cognito/page/about?pb=1`), optionally followed by
 * `#` and more: `purge` matches the path, the part before the first `?` or `#`. A purge path names
 * one answer in all its query variants (`/api/v1/cognito/page` is the page list, not every page);
 * ending in `/` it names everything under it (`/api/v1/cognito/page/`: every page).
 */
import { isCircuitOpen } from "./errors";

export interface CacheOptions<T> {
  /** How long a value stays fresh, in ms; or a function of the value (for schedules). */
  freshFor: number | ((value: T, now: number) => number);
  same?: (a: T, b: T) => boolean;
  /** Whether a failed refresh keeps serving the stale value (default: always). */
  keepStale?: (error: unknown) => boolean;
}

/** A hit was served from the cache (fresh or stale); a miss waited for a load. */
export type CacheOutcome = "hit" | "miss";

/** What to drop: the answers at some API paths (a trailing "/": everything under it), or everything. */
export type PurgeRequest = { paths: readonly string[] } | { all: true };

interface Entry<T> {
  value: T;
  freshUntil: number;
  refreshing?: Promise<T>;
}

/** The path part of a key: what `purge` compares with its prefixes. */
function keyPath(key: string) {
  const end = key.search(/[?#]/);
  return end === -1 ? key : key.slice(0, end);
}

/** Whether a key's path is the purge path, or lies under it when the purge path ends in "/". */
function underPurgePath(path: string, purgePath: string) {
  return purgePath.endsWith("/") ? path.startsWith(purgePath) : path === purgePath;
}

/** A purge path written as the keys are: percent-encoded like a URL's path ("a b" → "a%20b"). */
function encodedPrefix(prefix: string) {
  try {
    return new URL(prefix, "http://cache.key").pathname;
  } catch {
    return prefix;
  }
}

/** Told of every purge, after the cache's own entries went (the rendered-page cache listens). */
export type PurgeListener = (request: PurgeRequest) => void;

export class SwrCache {
  private entries = new Map<string, Entry<unknown>>();
  private loading = new Map<string, Promise<unknown>>();
  private purgeListeners = new Set<PurgeListener>();

  constructor(
    private readonly maxEntries = 1000,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The cached value, without loading; undefined when never loaded. */
  peek<T>(key: string): T | undefined {
    return this.entries.get(key)?.value as T | undefined;
  }

  /** The value for `key`, loading it when absent; `observe` learns whether the cache answered. */
  async get<T>(
    key: string,
    load: () => Promise<T>,
    options: CacheOptions<T>,
    observe?: (outcome: CacheOutcome) => void,
  ): Promise<T> {
    const now = this.clock();
    const entry = this.entries.get(key) as Entry<T> | undefined;
    if (entry) {
      observe?.("hit");
      if (now >= entry.freshUntil && !entry.refreshing) this.refresh(key, entry, load, options);
      return entry.value;
    }
    observe?.("miss");
    let pending = this.loading.get(key) as Promise<T> | undefined;
    if (!pending) {
      const started: Promise<T> = load()
        .then((value) => {
          // A purge while this load ran: its answer may predate the change, so it is not kept.
          if (this.loading.get(key) === started) this.store(key, value, options);
          return value;
        })
        .finally(() => {
          if (this.loading.get(key) === started) this.loading.delete(key);
        });
      this.loading.set(key, started);
      pending = started;
    }
    return pending;
  }

  /**
   * Drops every entry whose key's path starts with one of `paths` (or every entry), and
   * disowns the loads and refreshes under way for them. Returns how many entries went.
   */
  purge(request: PurgeRequest): number {
    const prefixes = "all" in request ? null : request.paths.map(encodedPrefix);
    const matches = (key: string) => prefixes === null || prefixes.some((p) => underPurgePath(keyPath(key), p));
    let dropped = 0;
    for (const key of [...this.entries.keys()]) {
      if (matches(key)) {
        this.entries.delete(key);
        dropped++;
      }
    }
    for (const key of [...this.loading.keys()]) if (matches(key)) this.loading.delete(key);
    for (const listener of this.purgeListeners) listener(request);
    return dropped;
  }

  /**
   * Calls `listener` after every purge, whatever it names: pages rendered from the dropped
   * answers are stale too (server.ts drops every rendered page). Returns the unsubscribe.
   */
  onPurge(listener: PurgeListener): () => void {
    this.purgeListeners.add(listener);
    return () => this.purgeListeners.delete(listener);
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

  private refresh<T>(key: string, entry: Entry<T>, load: () => Promise<T>, options: CacheOptions<T>) {
    // Only while the entry is still the cached one: a purge or a newer value disowns the refresh.
    const current = () => this.entries.get(key) === entry;
    entry.refreshing = load()
      .then((value) => {
        if (current()) this.store(key, options.same?.(entry.value, value) ? entry.value : value, options);
        return value;
      })
      .catch((error) => {
        if (options.keepStale && !options.keepStale(error)) {
          if (current()) this.entries.delete(key);
        } else if (!isCircuitOpen(error)) {
          // (While the circuit breaker is open it has said so once: no line per refresh.)
          console.warn(`[cache] refresh of ${key} failed; serving the stale copy:`, (error as Error).message);
        }
        return entry.value;
      })
      .finally(() => {
        entry.refreshing = undefined;
      });
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
