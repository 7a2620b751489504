import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";

import type { Upstream } from "~/lib/context";
import { UpstreamTiming } from "~/shared/upstream-timing.server";

import { SwrCache } from "./cache.server";
import { CacheLong, CacheNone, CachePage, CacheShort } from "./cache-strategies";
import { NETWORK_ERROR, UpstreamError } from "./errors";
import { cacheKey, createTransport } from "./transport.server";

type FetchFn = (request: Request) => Promise<Response>;

function upstream(fetch: FetchFn, timeoutMs = 1_000): Upstream {
  return { fetch, baseUrl: "http://cms.test", publicUrl: "", timeoutMs };
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const okSchema = z.object({ ok: z.boolean() });

/** A promise with its resolve exposed. */
function deferred<T = void>() {
  let resolve!: (value: T) => void;
  const promise = new Promise<T>((r) => {
    resolve = r;
  });
  return { promise, resolve };
}

async function rejection(promise: Promise<unknown>): Promise<UpstreamError> {
  try {
    await promise;
  } catch (error) {
    expect(error).toBeInstanceOf(UpstreamError);
    return error as UpstreamError;
  }
  throw new Error("expected the call to fail");
}

afterEach(() => {
  vi.restoreAllMocks();
});

describe("createTransport failures", () => {
  it("turns a network failure into UpstreamError 'Network Error' with status -1", async () => {
    const t = createTransport(upstream(() => Promise.reject(new TypeError("fetch failed"))));
    const error = await rejection(t.get("/net-fail", okSchema));
    expect(error.message).toBe(NETWORK_ERROR);
    expect(error.message).toBe("Network Error");
    expect(error.status).toBe(-1);
    expect(error.unavailable).toBe(true);
    expect(error.path).toBe("/net-fail");
    expect((error as Error).cause).toBeInstanceOf(TypeError);
  });

  it("times out a slow upstream after timeoutMs with status -1", async () => {
    let aborted = false;
    // Keep the requests reachable: a Request's signal follows the timeout signal only weakly.
    const requests: Request[] = [];
    const slow: FetchFn = (request) =>
      new Promise((resolve, reject) => {
        requests.push(request);
        const timer = setTimeout(() => resolve(json({ ok: true })), 5_000);
        request.signal.addEventListener("abort", () => {
          aborted = true;
          clearTimeout(timer);
          reject(request.signal.reason);
        });
      });
    const t = createTransport(upstream(slow, 50));
    const started = Date.now();
    const error = await rejection(t.get("/slow", okSchema));
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(aborted).toBe(true);
    expect(error.status).toBe(-1);
    expect(error.unavailable).toBe(true);
    expect(error.message).toMatch(/timeout of 50ms/);
  });

  it("times out an upstream that ignores its abort signal (the in-process CMS) with status -1", async () => {
    const never = () => new Promise<Response>(() => {});
    const started = Date.now();
    const error = await rejection(createTransport(upstream(never, 50)).get("/stuck", okSchema));
    expect(error.status).toBe(-1);
    expect(error.message).toBe("timeout of 50ms exceeded");
    expect(Date.now() - started).toBeLessThan(1_000);
  });

  it("times out a body that stalls after the headers with status -1", async () => {
    const requests: Request[] = [];
    const stalling: FetchFn = async (request) => {
      requests.push(request);
      const body = new ReadableStream({
        start(controller) {
          controller.enqueue(new TextEncoder().encode('{"ok":'));
          request.signal.addEventListener("abort", () => controller.error(request.signal.reason));
        },
      });
      return new Response(body, { status: 200 });
    };
    const error = await rejection(createTransport(upstream(stalling, 50)).get("/slow-body", okSchema));
    expect(requests).toHaveLength(1);
    expect(error.status).toBe(-1);
  }, 5_000);

  it("turns a 404 with a JSON message into UpstreamError 404 carrying that message", async () => {
    const t = createTransport(upstream(async () => json({ message: "No such page", code: "not_found" }, 404)));
    const error = await rejection(t.get("/missing", okSchema));
    expect(error.status).toBe(404);
    expect(error.message).toBe("No such page");
    expect(error.code).toBe("not_found");
    expect(error.unavailable).toBe(false);
  });

  it("treats a 500 as unavailable, with a generic message when the body has none", async () => {
    const t = createTransport(upstream(async () => new Response("<h1>oops</h1>", { status: 500 })));
    const error = await rejection(t.get("/broken", okSchema));
    expect(error.status).toBe(500);
    expect(error.unavailable).toBe(true);
    expect(error.message).toBe("Request failed with status code 500");
  });

  it("turns a 200 whose body fails the schema into UpstreamError 502 naming the path", async () => {
    const t = createTransport(upstream(async () => json({ ok: "yes" })));
    const error = await rejection(t.get("/api/v1/shape", okSchema));
    expect(error.status).toBe(502);
    expect(error.unavailable).toBe(true);
    expect(error.path).toBe("/api/v1/shape");
    expect(error.message).toContain("/api/v1/shape");
    expect(error.message).toContain("ok");
  });

  it("turns a 200 that is not JSON into UpstreamError 502", async () => {
    const t = createTransport(upstream(async () => new Response("<html>", { status: 200 })));
    const error = await rejection(t.get("/html", okSchema));
    expect(error.status).toBe(502);
  });
});

describe("createTransport requests", () => {
  it("sends the bearer token when given", async () => {
    const seen: Request[] = [];
    const t = createTransport(
      upstream(async (r) => {
        seen.push(r);
        return json({ ok: true });
      }),
      "tok-123",
    );
    await expect(t.get("/with-token", okSchema)).resolves.toEqual({ ok: true });
    expect(seen).toHaveLength(1);
    expect(seen[0].headers.get("authorization")).toBe("Bearer tok-123");
    expect(seen[0].headers.get("accept")).toBe("application/json");
    expect(t.anonymous).toBe(false);
  });

  it("sends no authorization header without a token", async () => {
    const seen: Request[] = [];
    const fetch: FetchFn = async (r) => {
      seen.push(r);
      return json({ ok: true });
    };
    for (const token of [undefined, null, ""]) {
      const t = createTransport(upstream(fetch), token);
      await t.get("/no-token", okSchema);
      expect(t.anonymous).toBe(true);
    }
    expect(seen).toHaveLength(3);
    for (const r of seen) expect(r.headers.has("authorization")).toBe(false);
  });

  it("builds the URL on the base, encodes query params and drops undefined and null ones", async () => {
    const seen: string[] = [];
    const t = createTransport(
      upstream(async (r) => {
        seen.push(r.url);
        return json({ ok: true });
      }),
    );
    await t.get("/api/v1/search", okSchema, { q: "a b&c=d/é", page: 2, pb: true, skip: undefined, none: null });
    const url = new URL(seen[0]);
    expect(url.origin + url.pathname).toBe("http://cms.test/api/v1/search");
    expect(url.searchParams.get("q")).toBe("a b&c=d/é");
    expect(url.search).not.toContain("a b");
    expect(url.search).not.toContain("&c=d");
    expect(url.searchParams.get("page")).toBe("2");
    expect(url.searchParams.get("pb")).toBe("true");
    expect(url.searchParams.has("skip")).toBe(false);
    expect(url.searchParams.has("none")).toBe(false);
    expect([...url.searchParams.keys()]).toEqual(["q", "page", "pb"]);
  });

  it("POSTs a JSON body", async () => {
    const seen: { method: string; type: string | null; body: string }[] = [];
    const t = createTransport(
      upstream(async (r) => {
        seen.push({ method: r.method, type: r.headers.get("content-type"), body: await r.text() });
        return json({ ok: true });
      }),
    );
    await t.post("/api/v1/form", okSchema, { name: "x" });
    expect(seen).toEqual([{ method: "POST", type: "application/json", body: '{"name":"x"}' }]);
  });
});

describe("coalescing of identical GETs", () => {
  /** A fetch whose answers wait until `release` is called; counts calls. */
  function gatedFetch() {
    const gate = deferred();
    const calls: Request[] = [];
    let n = 0;
    const fetch: FetchFn = async (r) => {
      calls.push(r);
      const answer = ++n;
      await gate.promise;
      return json({ ok: true, n: answer });
    };
    return { fetch, calls, release: () => gate.resolve() };
  }
  const nSchema = z.object({ ok: z.boolean(), n: z.number() });

  it("makes one upstream call for two identical GETs in flight, and both get the answer", async () => {
    const g = gatedFetch();
    const t = createTransport(upstream(g.fetch));
    const a = t.get("/coalesce", nSchema, { x: 1 });
    const b = t.get("/coalesce", nSchema, { x: 1 });
    g.release();
    const [ra, rb] = await Promise.all([a, b]);
    expect(g.calls).toHaveLength(1);
    expect(ra).toEqual({ ok: true, n: 1 });
    expect(rb).toEqual({ ok: true, n: 1 });
  });

  it("coalesces across transports of the same anonymous visitor kind", async () => {
    const g = gatedFetch();
    const a = createTransport(upstream(g.fetch)).get("/coalesce-2", nSchema);
    const b = createTransport(upstream(g.fetch)).get("/coalesce-2", nSchema);
    g.release();
    await Promise.all([a, b]);
    expect(g.calls).toHaveLength(1);
  });

  it("makes a new call for a GET started after the first one finished", async () => {
    let n = 0;
    const fetch = vi.fn<FetchFn>(async () => json({ ok: true, n: ++n }));
    const t = createTransport(upstream(fetch));
    await expect(t.get("/again", nSchema)).resolves.toEqual({ ok: true, n: 1 });
    await expect(t.get("/again", nSchema)).resolves.toEqual({ ok: true, n: 2 });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("makes a new call after a failed one finished", async () => {
    const fetch = vi
      .fn<FetchFn>()
      .mockRejectedValueOnce(new TypeError("fetch failed"))
      .mockResolvedValueOnce(json({ ok: true }));
    const t = createTransport(upstream(fetch));
    await expect(t.get("/fail-then-ok", okSchema)).rejects.toBeInstanceOf(UpstreamError);
    await expect(t.get("/fail-then-ok", okSchema)).resolves.toEqual({ ok: true });
    expect(fetch).toHaveBeenCalledTimes(2);
  });

  it("shares a failure between the coalesced callers", async () => {
    const gate = deferred();
    const fetch = vi.fn<FetchFn>(async () => {
      await gate.promise;
      throw new TypeError("fetch failed");
    });
    const t = createTransport(upstream(fetch));
    const a = t.get("/shared-fail", okSchema);
    const b = t.get("/shared-fail", okSchema);
    gate.resolve();
    const [ea, eb] = await Promise.all([rejection(a), rejection(b)]);
    expect(ea.status).toBe(-1);
    expect(eb.status).toBe(-1);
    expect(fetch).toHaveBeenCalledTimes(1);
  });

  it("does not coalesce GETs with different query params or paths", async () => {
    const g = gatedFetch();
    const t = createTransport(upstream(g.fetch));
    const all = [t.get("/q", nSchema, { a: 1 }), t.get("/q", nSchema, { a: 2 }), t.get("/q2", nSchema, { a: 1 })];
    g.release();
    await Promise.all(all);
    expect(g.calls).toHaveLength(3);
  });

  it("does not coalesce GETs sent with different tokens (or with and without one)", async () => {
    const g = gatedFetch();
    const a = createTransport(upstream(g.fetch), "alice").get("/tokens", nSchema);
    const b = createTransport(upstream(g.fetch), "bob").get("/tokens", nSchema);
    const c = createTransport(upstream(g.fetch)).get("/tokens", nSchema);
    g.release();
    const answers = await Promise.all([a, b, c]);
    expect(g.calls).toHaveLength(3);
    expect(g.calls.map((r) => r.headers.get("authorization")).sort()).toEqual(
      [null, "Bearer alice", "Bearer bob"].sort(),
    );
    expect(new Set(answers.map((r) => r.n)).size).toBe(3);
  });

  it("never coalesces POSTs", async () => {
    const g = gatedFetch();
    const t = createTransport(upstream(g.fetch));
    const a = t.post("/post", nSchema, { same: true });
    const b = t.post("/post", nSchema, { same: true });
    g.release();
    const [ra, rb] = await Promise.all([a, b]);
    expect(g.calls).toHaveLength(2);
    expect(g.calls.every((r) => r.method === "POST")).toBe(true);
    expect(ra.n).not.toBe(rb.n);
  });

  it("parses with each caller's own schema when coalesced", async () => {
    const g = gatedFetch();
    const t = createTransport(upstream(g.fetch));
    const loose = t.get("/schemas", z.object({ ok: z.boolean() }).passthrough());
    const strict = t.get("/schemas", z.object({ ok: z.string() }));
    g.release();
    await expect(loose).resolves.toEqual({ ok: true, n: 1 });
    expect((await rejection(strict)).status).toBe(502);
    expect(g.calls).toHaveLength(1);
  });
});

describe("caching at the call site", () => {
  let now = 1_000_000;
  const clock = () => now;
  /** A fetch that answers `{ ok: true, n }`, n counting the calls, and records the URLs asked for. */
  function countingFetch(answer: (n: number, request: Request) => Response = (n) => json({ ok: true, n })) {
    const urls: string[] = [];
    const fetch = vi.fn<FetchFn>(async (request) => {
      urls.push(request.url);
      return answer(urls.length, request);
    });
    return { fetch, urls };
  }
  const nSchema = z.object({ ok: z.boolean(), n: z.number() });

  it("serves a second anonymous GET from the cache when the caller names a strategy, and parses it once", async () => {
    const cache = new SwrCache(1000, clock);
    const f = countingFetch();
    const t = createTransport(upstream(f.fetch), null, { cache });
    const first = await t.get("/api/v1/x", nSchema, { b: 2, a: 1 }, { cache: CacheShort });
    const second = await t.get("/api/v1/x", nSchema, { a: 1, b: 2 }, { cache: CacheShort });
    expect(f.fetch).toHaveBeenCalledTimes(1);
    expect(second).toBe(first);
    // Another visitor's transport on the same cache shares the answer.
    const other = createTransport(upstream(f.fetch), null, { cache });
    await other.get("/api/v1/x", nSchema, { a: 1, b: 2 }, { cache: CacheShort });
    expect(f.fetch).toHaveBeenCalledTimes(1);
    expect(cache.peek("/api/v1/x?a=1&b=2")).toEqual({ ok: true, n: 1 });
  });

  it("does not cache without a strategy or with CacheNone, for anyone", async () => {
    const cache = new SwrCache(1000, clock);
    const f = countingFetch();
    const anonymous = createTransport(upstream(f.fetch), null, { cache });
    const member = createTransport(upstream(f.fetch), "alice", { cache });
    await anonymous.get("/api/v1/x", nSchema);
    await anonymous.get("/api/v1/x", nSchema, undefined, { cache: CacheNone });
    await member.get("/api/v1/x", nSchema);
    await member.get("/api/v1/x", nSchema, undefined, { cache: CacheNone });
    expect(f.fetch).toHaveBeenCalledTimes(4);
    expect(cache.peek("/api/v1/x")).toBeUndefined();
  });

  it("answers a member's shared call from the cache anonymous visitors use, sent without the token", async () => {
    const cache = new SwrCache(1000, clock);
    const f = countingFetch();
    const authorizations: (string | null)[] = [];
    f.fetch.mockImplementation(async (request) => {
      f.urls.push(request.url);
      authorizations.push(request.headers.get("authorization"));
      return json({ ok: true, n: f.urls.length });
    });
    const member = createTransport(upstream(f.fetch), "alice", { cache });
    const anonymous = createTransport(upstream(f.fetch), null, { cache });
    const first = await member.get("/api/v1/x", nSchema, undefined, { cache: CacheShort });
    await expect(anonymous.get("/api/v1/x", nSchema, undefined, { cache: CacheShort })).resolves.toBe(first);
    await expect(member.get("/api/v1/x", nSchema, undefined, { cache: CacheShort })).resolves.toBe(first);
    expect(authorizations).toEqual([null]);
    // A personal call still carries the token, and is never stored.
    await member.get("/api/v1/mine", nSchema);
    expect(authorizations).toEqual([null, "Bearer alice"]);
    expect(cache.peek("/api/v1/mine")).toBeUndefined();
  });

  it("keys by the path relative to the base URL and the query, never the token or the host", async () => {
    const cache = new SwrCache(1000, clock);
    const f = countingFetch();
    const base = { fetch: f.fetch, baseUrl: "https://cms.example/prefix", publicUrl: "", timeoutMs: 1_000 };
    const t = createTransport(base, null, { cache });
    await t.get("/api/v1/cognito/page/a b", nSchema, { pb: 1 }, { cache: CachePage });
    expect(f.urls).toEqual(["https://cms.example/prefix/api/v1/cognito/page/a%20b?pb=1"]);
    expect(cache.peek("/api/v1/cognito/page/a%20b?pb=1")).toBeDefined();
    expect(cacheKey("http://cms.test", new URL("http://cms.test/api/v1/x?z=1&a=2"))).toBe("/api/v1/x?a=2&z=1");
  });

  it("caches a lookup by POST by its path and body, in any key order", async () => {
    const cache = new SwrCache(1000, clock);
    const f = countingFetch();
    const t = createTransport(upstream(f.fetch), null, { cache });
    await t.post("/api/v1/lookup", nSchema, { hash: "h", width: 300 }, { cache: CacheLong });
    await t.post("/api/v1/lookup", nSchema, { width: 300, hash: "h" }, { cache: CacheLong });
    await t.post("/api/v1/lookup", nSchema, { hash: "h", width: 600 }, { cache: CacheLong });
    expect(f.fetch).toHaveBeenCalledTimes(2);
    // A POST without a strategy is never cached.
    await t.post("/api/v1/lookup", nSchema, { hash: "h", width: 300 });
    expect(f.fetch).toHaveBeenCalledTimes(3);
  });

  it("never stores an answer that does not parse", async () => {
    const cache = new SwrCache(1000, clock);
    const f = countingFetch((n) => (n === 1 ? json({ ok: "no" }) : json({ ok: true, n })));
    const t = createTransport(upstream(f.fetch), null, { cache });
    expect((await rejection(t.get("/api/v1/bad", nSchema, undefined, { cache: CacheShort }))).status).toBe(502);
    await expect(t.get("/api/v1/bad", nSchema, undefined, { cache: CacheShort })).resolves.toEqual({ ok: true, n: 2 });
  });

  it("keeps a stale answer when its refresh fails, but drops it when the upstream says it is gone", async () => {
    const cache = new SwrCache(1000, clock);
    let mode: "ok" | "down" | "gone" = "ok";
    const fetch: FetchFn = async () => {
      if (mode === "down") throw new TypeError("fetch failed");
      return mode === "gone" ? json({ message: "Not found" }, 404) : json({ ok: true, n: 1 });
    };
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const t = createTransport(upstream(fetch), null, { cache });
    const get = () => t.get("/api/v1/p", nSchema, undefined, { cache: CachePage });
    await get();
    mode = "down";
    now += 2_000;
    await expect(get()).resolves.toEqual({ ok: true, n: 1 });
    await cache.settle();
    expect(cache.peek("/api/v1/p")).toBeDefined();
    mode = "gone";
    now += 2_000;
    await expect(get()).resolves.toEqual({ ok: true, n: 1 });
    await cache.settle();
    expect((await rejection(get())).status).toBe(404);
  });

  it("reports its upstream calls, their time, and the cache's hits and misses to the request's timing", async () => {
    const cache = new SwrCache(1000, clock);
    const timing = new UpstreamTiming();
    const f = countingFetch();
    const t = createTransport(upstream(f.fetch), null, { cache, timing });
    await t.get("/api/v1/a", nSchema, undefined, { cache: CacheShort });
    await t.get("/api/v1/a", nSchema, undefined, { cache: CacheShort });
    await t.get("/api/v1/a", nSchema, undefined, { cache: CacheShort });
    await t.get("/api/v1/b", nSchema);
    expect({ calls: timing.calls, hits: timing.hits, misses: timing.misses }).toEqual({ calls: 2, hits: 2, misses: 1 });
    expect(timing.totalMs).toBeGreaterThan(0);
    expect(timing.header()).toMatch(/^upstream;dur=\d+(\.\d)?;desc="2 calls", cache;desc="2 hit, 1 miss"$/);
  });
});
