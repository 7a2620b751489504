/**
 * A small in-memory cache with revalidation (stale-while-revalidate). A fresh entry is served
 * as is; a stale one is served at once while one refresh runs in the background, and the
 * refreshed value replaces it unless `same` says nothing changed (then the old object stays,
 * as a page stays until its updated_at changes). When a refresh fails the stale value is kept,
 * so a site whose upstream is down still serves what it has seen, unless `keepStale` says the
 * failure means the answer is gone.
 *
 * A cache's `revalidating()` view shares its entries but never answers stale while the upstream
 * can be asked: it waits for the refresh, and answers the stale value only when that fails
 * (`observe` is told so). The rendered-page cache renders through it, so a page it keeps for a
 * whole lifetime is never made from answers already past theirs (decision 118). Every get does
 * the same for a value past its `changesAt` (a page's next scheduled change): known to be out of
 * date, it is not answered while a refresh may bring the new one.
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
  /**
   * When the value is known to change (a schedule), in ms; null or absent: not known. It is fresh
   * until then at most, and from then on a get waits for its refresh instead of answering it stale.
   */
  changesAt?: (value: T) => number | null;
}

/** A hit was served from the cache (fresh or stale); a miss waited for a load. */
export type CacheOutcome = "hit" | "miss";

/** What to drop: the answers at some API paths (a trailing "/": everything under it), or everything. */
export type PurgeRequest = { paths: readonly string[] } | { all: true };

/** How a refresh ended: a new value, or the stale one kept (`gone`: the upstream said it is no more). */
interface Refreshed<T> {
  value: T;
  fresh: boolean;
  error?: unknown;
  gone?: boolean;
}

interface Entry<T> {
  value: T;
  freshUntil: number;
  /** From this moment the value is known to be out of date: never answered without a refresh. */
  changesAt: number;
  refreshing?: Promise<Refreshed<T>>;
}

/** What a cache and its views share. */
interface CacheState {
  entries: Map<string, Entry<unknown>>;
  loading: Map<string, Promise<unknown>>;
  purgeListeners: Set<PurgeListener>;
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

/**
 * Told whether the cache answered (a hit) or waited for a load (a miss), whether the answer was
 * stale, and whether it is stale because the refresh this get waited for failed.
 */
export type CacheObserver = (outcome: CacheOutcome, stale: boolean, refreshFailed?: boolean) => void;

export class SwrCache {
  private readonly entries: Map<string, Entry<unknown>>;
  private readonly loading: Map<string, Promise<unknown>>;
  private readonly purgeListeners: Set<PurgeListener>;
  private readonly state: CacheState;

  constructor(
    private readonly maxEntries = 1000,
    private readonly clock: () => number = Date.now,
    /** A view's: the cache it shares entries with, and that it waits for refreshes. */
    private readonly view?: { of: CacheState },
  ) {
    this.state = view?.of ?? { entries: new Map(), loading: new Map(), purgeListeners: new Set() };
    this.entries = this.state.entries;
    this.loading = this.state.loading;
    this.purgeListeners = this.state.purgeListeners;
  }

  /**
   * The same cache (its entries, loads, purges and listeners), whose `get` waits for the refresh
   * of a stale entry instead of answering it at once: what a render that is kept for a whole
   * lifetime must read (the rendered-page cache's). A failed refresh still answers the stale
   * value, observed as stale; one the upstream says is gone fails as a load would.
   */
  revalidating(): SwrCache {
    return new SwrCache(this.maxEntries, this.clock, { of: this.state });
  }

  /** The cached value, without loading; undefined when never loaded. */
  peek<T>(key: string): T | undefined {
    return this.entries.get(key)?.value as T | undefined;
  }

  /** The value for `key`, loading it when absent; `observe` learns whether the cache answered, and whether stale. */
  async get<T>(key: string, load: () => Promise<T>, options: CacheOptions<T>, observe?: CacheObserver): Promise<T> {
    const now = this.clock();
    const entry = this.entries.get(key) as Entry<T> | undefined;
    if (entry) {
      const stale = now >= entry.freshUntil;
      if (stale && !entry.refreshing) this.refresh(key, entry, load, options);
      const wait = this.view !== undefined || now >= entry.changesAt;
      if (!stale || !wait || !entry.refreshing) {
        observe?.("hit", stale);
        return entry.value;
      }
      const refreshed = await entry.refreshing;
      if (refreshed.gone) {
        observe?.("miss", false);
        throw refreshed.error;
      }
      observe?.(refreshed.fresh ? "miss" : "hit", !refreshed.fresh, !refreshed.fresh);
      return refreshed.value;
    }
    observe?.("miss", false);
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
   * Marks every entry stale without dropping it, and tells the purge listeners of everything
   * (every rendered page goes): each answer is then refreshed before a render that is kept, and
   * answers stale, with the notice, while its refresh fails. What an instance does when it can no
   * longer hear the other instances' changes (decision 123): it cannot vouch for its answers, but
   * they are still the best copy it has.
   */
  expire(): void {
    for (const entry of this.entries.values()) entry.freshUntil = 0;
    for (const listener of this.purgeListeners) listener({ all: true });
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
      .then((loaded): Refreshed<T> => {
        const value = options.same?.(entry.value, loaded) ? entry.value : loaded;
        if (current()) this.store(key, value, options);
        return { value, fresh: true };
      })
      .catch((error): Refreshed<T> => {
        if (options.keepStale && !options.keepStale(error)) {
          if (current()) this.entries.delete(key);
          return { value: entry.value, fresh: false, error, gone: true };
        }
        if (!isCircuitOpen(error)) {
          // (While the circuit breaker is open it has said so once: no line per refresh.)
          console.warn(`[cache] refresh of ${key} failed; serving the stale copy:`, (error as Error).message);
        }
        return { value: entry.value, fresh: false, error };
      })
      .finally(() => {
        entry.refreshing = undefined;
      });
  }

  private store<T>(key: string, value: T, options: CacheOptions<T>) {
    const now = this.clock();
    const ttl = typeof options.freshFor === "function" ? options.freshFor(value, now) : options.freshFor;
    const changesAt = options.changesAt?.(value) ?? Infinity;
    this.entries.delete(key);
    this.entries.set(key, { value, freshUntil: Math.min(now + Math.max(0, ttl), changesAt), changesAt });
    if (this.entries.size > this.maxEntries) {
      // Maps keep insertion order: the first key is the least recently stored.
      this.entries.delete(this.entries.keys().next().value as string);
    }
  }
}
