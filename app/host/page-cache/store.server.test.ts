import { beforeEach, describe, expect, it } from "vitest";

import { emptyCspSources } from "../security-headers.server";
import { PageCache, type StoredPage } from "./store.server";

let now = 1_000_000;
const clock = () => now;
beforeEach(() => {
  now = 1_000_000;
});

/** A page of about `kib` KiB (all three bodies) that lives `seconds` from now. */
function page(label: string, { kib = 3, seconds = 60 } = {}): StoredPage {
  const third = Buffer.alloc((kib * 1024) / 3, label);
  return {
    headers: [["content-type", "text/html; charset=utf-8"]],
    identity: third,
    gzip: third,
    br: third,
    csp: emptyCspSources(),
    renderedAt: now,
    expiresAt: now + seconds * 1000,
    staleSeconds: 0,
  };
}

/** Stores `value` under `key` through a render, as the middleware does. */
async function put(cache: PageCache, key: string, value: StoredPage, group = key) {
  await cache.render(key, group, async () => ({ page: value })).outcome;
}

function deferred<T>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => (resolve = r));
  return { promise, resolve };
}

describe("PageCache", () => {
  it("misses, then serves the stored page until its lifetime ends", async () => {
    const cache = new PageCache({ maxBytes: 2 ** 20, clock });
    expect(cache.get("/about")).toBeUndefined();
    const about = page("a", { seconds: 30 });
    await put(cache, "/about", about);
    expect(cache.get("/about")).toBe(about);
    now += 29_999;
    expect(cache.get("/about")).toBe(about);
    now += 1;
    expect(cache.get("/about")).toBeUndefined();
    expect(cache.stats).toEqual({ pages: 0, bytes: 0 });
  });

  it("does not store what a render could not share", async () => {
    const cache = new PageCache({ maxBytes: 2 ** 20, clock });
    await cache.render("/nope", "/nope", async () => ({ page: null })).outcome;
    expect(cache.get("/nope")).toBeUndefined();
  });

  it("makes one render for 100 concurrent requests of a cold key, and shares its outcome", async () => {
    const cache = new PageCache({ maxBytes: 2 ** 20, clock });
    const gate = deferred<void>();
    let renders = 0;
    const render = async () => {
      renders++;
      await gate.promise;
      return { page: page("h") };
    };
    const calls = Array.from({ length: 100 }, () => cache.render("/", "/", render));
    expect(calls.filter((c) => c.first)).toHaveLength(1);
    gate.resolve();
    const outcomes = await Promise.all(calls.map((c) => c.outcome));
    expect(renders).toBe(1);
    expect(new Set(outcomes.map((o) => o.page)).size).toBe(1);
    expect(cache.get("/")).toBe(outcomes[0].page);
  });

  it("renders anew once a render has settled, also after one failed", async () => {
    const cache = new PageCache({ maxBytes: 2 ** 20, clock });
    await expect(cache.render("/", "/", () => Promise.reject(new Error("down"))).outcome).rejects.toThrow("down");
    const next = cache.render("/", "/", async () => ({ page: page("h") }));
    expect(next.first).toBe(true);
    await next.outcome;
    expect(cache.get("/")).toBeDefined();
  });

  it("keeps the most recently used pages within the bound in bytes", async () => {
    // A page here weighs 3 KiB and 1 KiB of bookkeeping: four fit in 20 KiB, five do not.
    const cache = new PageCache({ maxBytes: 20 * 1024, clock });
    for (const key of ["/1", "/2", "/3", "/4"]) await put(cache, key, page(key));
    expect(cache.get("/1")).toBeDefined(); // /1 is now the most recently used
    await put(cache, "/5", page("/5"));
    await put(cache, "/6", page("/6"));
    expect(cache.stats.bytes).toBeLessThanOrEqual(20 * 1024);
    expect(cache.get("/2")).toBeUndefined();
    expect(cache.get("/3")).toBeUndefined();
    for (const key of ["/1", "/4", "/5", "/6"]) expect(cache.get(key), key).toBeDefined();
  });

  it("never stores a page that would take more than a quarter of the bound", async () => {
    const cache = new PageCache({ maxBytes: 20 * 1024, clock });
    await put(cache, "/big", page("b", { kib: 6 }));
    expect(cache.get("/big")).toBeUndefined();
  });

  it("stores a few variants of a page at most, so invented ?tab= values cannot fill it", async () => {
    const cache = new PageCache({ maxBytes: 2 ** 20, maxVariants: 3, clock });
    for (const tab of ["A", "B", "C", "D"]) await put(cache, `/p?tab=${tab}`, page(tab), "/p");
    expect(cache.stats.pages).toBe(3);
    expect(cache.get("/p?tab=D")).toBeUndefined();
    // A variant that is already stored is replaced, not refused.
    const fresh = page("A2");
    await put(cache, "/p?tab=A", fresh, "/p");
    expect(cache.get("/p?tab=A")).toBe(fresh);
    // Once one expires, another may take its place.
    now += 61_000;
    cache.get("/p?tab=B");
    await put(cache, "/p?tab=D", page("D"), "/p");
    expect(cache.get("/p?tab=D")).toBeDefined();
  });

  it("drops every page at a purge, and keeps nothing a render under way brings back", async () => {
    const cache = new PageCache({ maxBytes: 2 ** 20, clock });
    await put(cache, "/a", page("a"));
    await put(cache, "/b", page("b"));
    const before = deferred<{ page: StoredPage }>();
    const running = cache.render("/c", "/c", () => before.promise);
    expect(cache.purge()).toBe(2);
    expect(cache.get("/a")).toBeUndefined();
    // A request after the purge does not wait for the render that started before it.
    const after = cache.render("/c", "/c", async () => ({ page: page("c, after") }));
    expect(after.first).toBe(true);
    before.resolve({ page: page("c, before") });
    // The old render still answers the requests that waited for it, but is not stored.
    expect((await running.outcome).page).not.toBeNull();
    const stored = (await after.outcome).page;
    expect(cache.get("/c")).toBe(stored);
  });

  it("asks for a refresh near the end of a long life, once, and never for a short one", async () => {
    const cache = new PageCache({ maxBytes: 2 ** 20, clock });
    const long = page("l", { seconds: 60 });
    const short = page("s", { seconds: 5 });
    await put(cache, "/long", long);
    await put(cache, "/short", short);
    expect(cache.wantsRefresh("/long", long)).toBe(false);
    now += 50_000;
    expect(cache.wantsRefresh("/long", long)).toBe(true);
    const gate = deferred<{ page: StoredPage }>();
    cache.render("/long", "/long", () => gate.promise);
    expect(cache.wantsRefresh("/long", long)).toBe(false);
    now -= 50_000;
    now += 4_900;
    expect(cache.wantsRefresh("/short", short)).toBe(false);
    gate.resolve({ page: page("l2") });
  });
});
