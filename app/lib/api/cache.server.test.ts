import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { SwrCache } from "./cache.server";
import { CIRCUIT_OPEN, UpstreamError } from "./errors";

/** A promise with its resolve and reject exposed. */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

let now = 0;
const clock = () => now;
let cache: SwrCache;

beforeEach(() => {
  now = 1_000_000;
  cache = new SwrCache(1000, clock);
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("SwrCache", () => {
  it("loads on the first get and stores the value", async () => {
    const load = vi.fn(async () => "v1");
    expect(cache.peek("k")).toBeUndefined();
    await expect(cache.get("k", load, { freshFor: 100 })).resolves.toBe("v1");
    expect(load).toHaveBeenCalledTimes(1);
    expect(cache.peek("k")).toBe("v1");
  });

  it("does not reload within freshFor", async () => {
    const load = vi.fn(async () => "v1");
    await cache.get("k", load, { freshFor: 100 });
    now += 99;
    await expect(cache.get("k", load, { freshFor: 100 })).resolves.toBe("v1");
    await cache.settle();
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("serves the stale value at once after freshFor, runs one background refresh, then serves the new value", async () => {
    await cache.get("k", async () => "v1", { freshFor: 100 });
    now += 100;
    const refresh = deferred<string>();
    const load = vi.fn(() => refresh.promise);
    // Several concurrent stale gets: all answered at once with the stale value, one refresh.
    const answers = await Promise.all([
      cache.get("k", load, { freshFor: 100 }),
      cache.get("k", load, { freshFor: 100 }),
      cache.get("k", load, { freshFor: 100 }),
    ]);
    expect(answers).toEqual(["v1", "v1", "v1"]);
    expect(load).toHaveBeenCalledTimes(1);
    refresh.resolve("v2");
    await cache.settle();
    expect(cache.peek("k")).toBe("v2");
    await expect(cache.get("k", load, { freshFor: 100 })).resolves.toBe("v2");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("restarts the fresh period from the refresh", async () => {
    await cache.get("k", async () => "v1", { freshFor: 100 });
    now += 150;
    await cache.get("k", async () => "v2", { freshFor: 100 });
    await cache.settle();
    const load = vi.fn(async () => "v3");
    now += 99;
    await expect(cache.get("k", load, { freshFor: 100 })).resolves.toBe("v2");
    expect(load).not.toHaveBeenCalled();
    now += 1;
    await cache.get("k", load, { freshFor: 100 });
    await cache.settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(cache.peek("k")).toBe("v3");
  });

  it("keeps the old object when `same` says nothing changed", async () => {
    const first = { id: 1, updated_at: "a", n: 1 };
    const same = (a: typeof first, b: typeof first) => a.updated_at === b.updated_at;
    await cache.get("k", async () => first, { freshFor: 10, same });
    now += 10;
    await cache.get("k", async () => ({ id: 1, updated_at: "a", n: 2 }), { freshFor: 10, same });
    await cache.settle();
    expect(cache.peek("k")).toBe(first);
    now += 10;
    const changed = { id: 1, updated_at: "b", n: 3 };
    await cache.get("k", async () => changed, { freshFor: 10, same });
    await cache.settle();
    expect(cache.peek("k")).toBe(changed);
  });

  it("keeps the (refreshed) freshness when `same` keeps the old object", async () => {
    const same = () => true;
    await cache.get("k", async () => ({ v: 1 }), { freshFor: 10, same });
    now += 10;
    await cache.get("k", async () => ({ v: 2 }), { freshFor: 10, same });
    await cache.settle();
    const load = vi.fn(async () => ({ v: 3 }));
    now += 5;
    await cache.get("k", load, { freshFor: 10, same });
    expect(load).not.toHaveBeenCalled();
  });

  it("says nothing of a refresh the open circuit breaker refused (the breaker said so once)", async () => {
    await cache.get("k", async () => "v1", { freshFor: 100 });
    now += 100;
    const refused = async (): Promise<string> => {
      throw new UpstreamError("the upstream is down; not waiting", -1, "/k", CIRCUIT_OPEN);
    };
    await expect(cache.get("k", refused, { freshFor: 100 })).resolves.toBe("v1");
    await cache.settle();
    expect(console.warn).not.toHaveBeenCalled();
  });

  it("keeps serving the stale value when the refresh fails, and tries again on a later get", async () => {
    await cache.get("k", async () => "v1", { freshFor: 100 });
    now += 100;
    const failing = vi.fn(async () => {
      throw new Error("upstream down");
    });
    await expect(cache.get("k", failing, { freshFor: 100 })).resolves.toBe("v1");
    await cache.settle();
    expect(failing).toHaveBeenCalledTimes(1);
    expect(cache.peek("k")).toBe("v1");
    expect(console.warn).toHaveBeenCalled();
    await expect(cache.get("k", failing, { freshFor: 100 })).resolves.toBe("v1");
    await cache.settle();
    expect(failing).toHaveBeenCalledTimes(2);
    const ok = vi.fn(async () => "v2");
    await cache.get("k", ok, { freshFor: 100 });
    await cache.settle();
    expect(cache.peek("k")).toBe("v2");
  });

  it("rejects a failing first load (nothing to serve) and does not keep it", async () => {
    await expect(
      cache.get(
        "k",
        async () => {
          throw new Error("boom");
        },
        { freshFor: 100 },
      ),
    ).rejects.toThrow("boom");
    expect(cache.peek("k")).toBeUndefined();
    await expect(cache.get("k", async () => "v1", { freshFor: 100 })).resolves.toBe("v1");
  });

  it("accepts freshFor as a function of the value and the time", async () => {
    const freshFor = vi.fn((value: { ttl: number }, at: number) => {
      expect(at).toBe(now);
      return value.ttl;
    });
    await cache.get("short", async () => ({ ttl: 10 }), { freshFor });
    await cache.get("long", async () => ({ ttl: 1_000 }), { freshFor });
    expect(freshFor).toHaveBeenCalledTimes(2);
    now += 10;
    const loadShort = vi.fn(async () => ({ ttl: 10 }));
    const loadLong = vi.fn(async () => ({ ttl: 1_000 }));
    await cache.get("short", loadShort, { freshFor });
    await cache.get("long", loadLong, { freshFor });
    await cache.settle();
    expect(loadShort).toHaveBeenCalledTimes(1);
    expect(loadLong).not.toHaveBeenCalled();
  });

  it("treats a negative freshFor as stale at once", async () => {
    await cache.get("k", async () => "v1", { freshFor: () => -50 });
    const load = vi.fn(async () => "v2");
    await expect(cache.get("k", load, { freshFor: 100 })).resolves.toBe("v1");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("evicts the oldest entry beyond maxEntries", async () => {
    const small = new SwrCache(2, clock);
    await small.get("a", async () => "A", { freshFor: 1_000 });
    await small.get("b", async () => "B", { freshFor: 1_000 });
    await small.get("c", async () => "C", { freshFor: 1_000 });
    expect(small.peek("a")).toBeUndefined();
    expect(small.peek("b")).toBe("B");
    expect(small.peek("c")).toBe("C");
    const reload = vi.fn(async () => "A2");
    await expect(small.get("a", reload, { freshFor: 1_000 })).resolves.toBe("A2");
    expect(reload).toHaveBeenCalledTimes(1);
    expect(small.peek("b")).toBeUndefined();
  });

  it("counts a refreshed entry as newly stored for eviction", async () => {
    const small = new SwrCache(2, clock);
    await small.get("a", async () => "A", { freshFor: 10 });
    await small.get("b", async () => "B", { freshFor: 1_000 });
    now += 10;
    await small.get("a", async () => "A2", { freshFor: 10 });
    await small.settle();
    await small.get("c", async () => "C", { freshFor: 1_000 });
    expect(small.peek("a")).toBe("A2");
    expect(small.peek("b")).toBeUndefined();
  });

  it("shares one load between concurrent first gets", async () => {
    const pending = deferred<string>();
    const load = vi.fn(() => pending.promise);
    const a = cache.get("k", load, { freshFor: 100 });
    const b = cache.get("k", load, { freshFor: 100 });
    pending.resolve("v1");
    await expect(Promise.all([a, b])).resolves.toEqual(["v1", "v1"]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("shares a failing first load between concurrent gets, then loads anew", async () => {
    const pending = deferred<string>();
    const load = vi.fn(() => pending.promise);
    const a = cache.get("k", load, { freshFor: 100 });
    const b = cache.get("k", load, { freshFor: 100 });
    pending.reject(new Error("down"));
    await expect(a).rejects.toThrow("down");
    await expect(b).rejects.toThrow("down");
    expect(load).toHaveBeenCalledTimes(1);
    await expect(cache.get("k", async () => "v1", { freshFor: 100 })).resolves.toBe("v1");
  });

  it("delete and clear drop entries", async () => {
    await cache.get("a", async () => "A", { freshFor: 100 });
    await cache.get("b", async () => "B", { freshFor: 100 });
    cache.delete("a");
    expect(cache.peek("a")).toBeUndefined();
    expect(cache.peek("b")).toBe("B");
    cache.clear();
    expect(cache.peek("b")).toBeUndefined();
  });
  it("tells the caller whether the cache answered: a first get misses, later ones hit, fresh or stale", async () => {
    const outcomes: string[] = [];
    const observe = (o: string) => outcomes.push(o);
    await cache.get("k", async () => "v1", { freshFor: 100 }, observe);
    await cache.get("k", async () => "v2", { freshFor: 100 }, observe);
    now += 100;
    await cache.get("k", async () => "v2", { freshFor: 100 }, observe);
    await cache.settle();
    expect(outcomes).toEqual(["miss", "hit", "hit"]);
  });

  it("drops a stale entry whose refresh fails in a way `keepStale` refuses (the answer is gone)", async () => {
    const keepStale = (error: unknown) => (error as Error).message !== "gone";
    await cache.get("k", async () => "v1", { freshFor: 100, keepStale });
    now += 100;
    const gone = async (): Promise<string> => {
      throw new Error("gone");
    };
    await expect(cache.get("k", gone, { freshFor: 100, keepStale })).resolves.toBe("v1");
    await cache.settle();
    expect(cache.peek("k")).toBeUndefined();
  });
});

describe("SwrCache.purge", () => {
  const keep = { freshFor: 60_000 };
  const fill = async (...keys: string[]) => {
    for (const key of keys) await cache.get(key, async () => `old ${key}`, keep);
  };

  it("drops the answers at the given paths, whatever their query, and keeps the rest", async () => {
    await fill(
      "/api/v1/cognito/page/about?pb=1",
      "/api/v1/cognito/page/about-us?pb=1",
      "/api/v1/cognito/page/home?pb=1",
    );
    await fill("/api/v1/cognito/page/about/team", "/api/v1/cognito/page?page=1&page_size=100&pb=0");
    await fill("/api/v1/cognito/faq?group=1", "/api/v1/cognito/faq?group=2", "/api/v1/cognito/image/getByHash#{}");
    const dropped = cache.purge({
      paths: ["/api/v1/cognito/page/about", "/api/v1/cognito/faq", "/api/v1/cognito/page"],
    });
    expect(dropped).toBe(4);
    expect(cache.peek("/api/v1/cognito/page/about?pb=1")).toBeUndefined();
    expect(cache.peek("/api/v1/cognito/faq?group=2")).toBeUndefined();
    expect(cache.peek("/api/v1/cognito/page?page=1&page_size=100&pb=0")).toBeUndefined();
    // Neither a page whose url merely starts the same, nor one below it, nor the other pages.
    expect(cache.peek("/api/v1/cognito/page/about-us?pb=1")).toBe("old /api/v1/cognito/page/about-us?pb=1");
    expect(cache.peek("/api/v1/cognito/page/about/team")).toBe("old /api/v1/cognito/page/about/team");
    expect(cache.peek("/api/v1/cognito/page/home?pb=1")).toBe("old /api/v1/cognito/page/home?pb=1");
    expect(cache.peek("/api/v1/cognito/image/getByHash#{}")).toBe("old /api/v1/cognito/image/getByHash#{}");
  });

  it("drops everything under a path that ends in /", async () => {
    await fill("/api/v1/cognito/page/about?pb=1", "/api/v1/cognito/page/about/team", "/api/v1/cognito/page?page=1");
    expect(cache.purge({ paths: ["/api/v1/cognito/page/"] })).toBe(2);
    expect(cache.peek("/api/v1/cognito/page?page=1")).toBe("old /api/v1/cognito/page?page=1");
  });

  it("matches the path only, never the query, and compares paths percent-encoded like the keys", async () => {
    await fill("/api/v1/cognito/link?parent=/api/v1/cognito/page", "/api/v1/cognito/page/a%20b?pb=1");
    expect(cache.purge({ paths: ["/api/v1/cognito/page/"] })).toBe(1);
    expect(cache.peek("/api/v1/cognito/link?parent=/api/v1/cognito/page")).toBeDefined();
    await fill("/api/v1/cognito/page/a%20b?pb=1");
    expect(cache.purge({ paths: ["/api/v1/cognito/page/a b"] })).toBe(1);
  });

  it("drops everything with { all: true }, and the next get loads anew", async () => {
    await fill("/a", "/b?x=1");
    expect(cache.purge({ all: true })).toBe(2);
    const load = vi.fn(async () => "new");
    await expect(cache.get("/a", load, keep)).resolves.toBe("new");
    expect(load).toHaveBeenCalledTimes(1);
  });

  it("does not keep what a load under way at the purge brings back (it may predate the change)", async () => {
    const before = deferred<string>();
    const first = cache.get("/api/p", () => before.promise, keep);
    cache.purge({ paths: ["/api/p"] });
    const after = cache.get("/api/p", async () => "after the change", keep);
    before.resolve("before the change");
    await expect(first).resolves.toBe("before the change");
    await expect(after).resolves.toBe("after the change");
    expect(cache.peek("/api/p")).toBe("after the change");
  });

  it("does not let a refresh under way at the purge put its answer back", async () => {
    await cache.get("/api/p", async () => "v1", { freshFor: 10 });
    now += 10;
    const refresh = deferred<string>();
    await cache.get("/api/p", () => refresh.promise, { freshFor: 10 });
    cache.purge({ paths: ["/api/p"] });
    refresh.resolve("v2, read before the change");
    await refresh.promise;
    await new Promise((r) => setTimeout(r, 0));
    expect(cache.peek("/api/p")).toBeUndefined();
  });

  it("tells its purge listeners of every purge, whatever it named, until they unsubscribe", async () => {
    const heard: unknown[] = [];
    const unsubscribe = cache.onPurge((request) => heard.push(request));
    cache.purge({ paths: ["/api/v1/nothing-cached"] });
    cache.purge({ all: true });
    unsubscribe();
    cache.purge({ all: true });
    expect(heard).toEqual([{ paths: ["/api/v1/nothing-cached"] }, { all: true }]);
  });
});

describe("SwrCache.expire (an instance that can no longer hear the others' changes, decision 123)", () => {
  it("keeps every answer but refreshes it before a kept render, and drops every rendered page", async () => {
    await cache.get("a", async () => "a1", { freshFor: 60_000 });
    await cache.get("b", async () => "b1", { freshFor: 60_000 });
    const told = vi.fn();
    cache.onPurge(told);
    cache.expire();
    expect(told).toHaveBeenCalledWith({ all: true });
    expect([cache.peek("a"), cache.peek("b")]).toEqual(["a1", "b1"]);
    // A kept render waits for the refresh: new answers while the upstream answers…
    await expect(cache.revalidating().get("a", async () => "a2", { freshFor: 60_000 })).resolves.toBe("a2");
    // …and the old copy, said to be from a failed refresh, while it does not.
    const seen: unknown[] = [];
    const down = async () => {
      throw new UpstreamError("Service Unavailable", 503, "/b");
    };
    await expect(
      cache.revalidating().get("b", down, { freshFor: 60_000 }, (...observed) => seen.push(observed)),
    ).resolves.toBe("b1");
    expect(seen).toEqual([["hit", true, true]]);
    // Anything else is answered the stale copy at once, refreshed behind it.
    const load = vi.fn(async () => "b2");
    await expect(cache.get("b", load, { freshFor: 60_000 })).resolves.toBe("b1");
    await cache.settle();
    expect(load).toHaveBeenCalledTimes(1);
    expect(cache.peek("b")).toBe("b2");
  });
});

describe("SwrCache changesAt (a value known to change at a moment: a page's next schedule)", () => {
  const options = { freshFor: 1_000, changesAt: (value: string) => (value === "before" ? 1_000_500 : null) };

  it("is fresh until then at most, and from then on is not answered without a refresh", async () => {
    await cache.get("k", async () => "before", options);
    now = 1_000_499;
    await expect(cache.get("k", async () => "after", options)).resolves.toBe("before");
    now = 1_000_500;
    const seen: [string, boolean][] = [];
    await expect(
      cache.get(
        "k",
        async () => "after",
        options,
        (outcome, stale) => seen.push([outcome, stale]),
      ),
    ).resolves.toBe("after");
    expect(seen).toEqual([["miss", false]]);
    // The new value has no known change: an ordinary second of freshness, then stale-while-revalidate.
    now += 1_000;
    await expect(cache.get("k", async () => "later", options)).resolves.toBe("after");
  });

  it("still answers the old value when the refresh past the change fails (stale beats nothing)", async () => {
    await cache.get("k", async () => "before", options);
    now = 1_000_600;
    const failing = async (): Promise<string> => {
      throw new UpstreamError("Service Unavailable", 503, "/k");
    };
    const seen: [string, boolean][] = [];
    await expect(cache.get("k", failing, options, (outcome, stale) => seen.push([outcome, stale]))).resolves.toBe(
      "before",
    );
    expect(seen).toEqual([["hit", true]]);
  });
});

describe("SwrCache.revalidating (what the rendered-page cache renders through)", () => {
  it("waits for the refresh of a stale entry and answers the new value, observed as a fresh miss", async () => {
    await cache.get("k", async () => "v1", { freshFor: 100 });
    now += 100;
    const seen: [string, boolean][] = [];
    const view = cache.revalidating();
    await expect(
      view.get(
        "k",
        async () => "v2",
        { freshFor: 100 },
        (outcome, stale) => seen.push([outcome, stale]),
      ),
    ).resolves.toBe("v2");
    expect(seen).toEqual([["miss", false]]);
    // Shared with the cache itself: the refreshed value is everyone's now, and fresh.
    expect(cache.peek("k")).toBe("v2");
    const load = vi.fn(async () => "v3");
    await expect(view.get("k", load, { freshFor: 100 })).resolves.toBe("v2");
    expect(load).not.toHaveBeenCalled();
  });

  it("joins a refresh already under way instead of answering stale", async () => {
    await cache.get("k", async () => "v1", { freshFor: 100 });
    now += 100;
    const refresh = deferred<string>();
    // An ordinary request starts the refresh and gets the stale value at once…
    await expect(cache.get("k", () => refresh.promise, { freshFor: 100 })).resolves.toBe("v1");
    // …a render waits for that same refresh.
    const load = vi.fn(async () => "never");
    const rendered = cache.revalidating().get("k", load, { freshFor: 100 });
    refresh.resolve("v2");
    await expect(rendered).resolves.toBe("v2");
    expect(load).not.toHaveBeenCalled();
  });

  it("answers the stale value when the refresh fails, and says it was stale", async () => {
    await cache.get("k", async () => "v1", { freshFor: 100 });
    now += 100;
    const seen: [string, boolean, boolean | undefined][] = [];
    const failing = async () => {
      throw new UpstreamError("Service Unavailable", 503, "/k");
    };
    await expect(
      cache
        .revalidating()
        .get("k", failing, { freshFor: 100 }, (outcome, stale, refreshFailed) =>
          seen.push([outcome, stale, refreshFailed]),
        ),
    ).resolves.toBe("v1");
    expect(seen).toEqual([["hit", true, true]]);
  });

  it("fails as a load would when the upstream says the answer is gone", async () => {
    await cache.get("k", async () => "v1", { freshFor: 100 });
    now += 100;
    const gone = new UpstreamError("Not found", 404, "/k");
    const options = { freshFor: 100, keepStale: () => false };
    await expect(
      cache.revalidating().get(
        "k",
        async () => {
          throw gone;
        },
        options,
      ),
    ).rejects.toBe(gone);
    expect(cache.peek("k")).toBeUndefined();
  });

  it("answers a fresh entry at once, and shares purges and their listeners with the cache", async () => {
    const view = cache.revalidating();
    await view.get("k", async () => "v1", { freshFor: 100 });
    await expect(cache.get("k", async () => "other", { freshFor: 100 })).resolves.toBe("v1");
    const told = vi.fn();
    cache.onPurge(told);
    expect(view.purge({ all: true })).toBe(1);
    expect(told).toHaveBeenCalledWith({ all: true });
    expect(cache.peek("k")).toBeUndefined();
  });
});
