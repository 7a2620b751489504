import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// The cache reads Date.now: fake the Date (only) before the imports below run, so tests can
// move time past a page's one-second freshness.
vi.hoisted(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-06-01T00:00:00Z"));
});

import type { Upstream } from "~/lib/context";

import { SwrCache } from "./cache.server";
import { UpstreamError } from "./errors";
import { getPage } from "./pages.server";
import { createTransport } from "./transport.server";

type FetchFn = (request: Request) => Promise<Response>;

let cache: SwrCache;

/** A transport on the test's shared cache, as a request's visitor has. */
function transport(fetch: FetchFn, token?: string) {
  const upstream: Upstream = { fetch, baseUrl: "http://cms.test", publicUrl: "", timeoutMs: 1_000 };
  return createTransport(upstream, token, { cache });
}

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

const networkDown: FetchFn = () => Promise.reject(new TypeError("fetch failed"));

function upstreamPage(url: string, over: Record<string, unknown> = {}) {
  return {
    id: 42,
    name: url,
    slug: url,
    url,
    title: `Upstream ${url}`,
    content: "",
    rows: [],
    pageContents: [],
    updated_at: "2026-05-01T00:00:00Z",
    ...over,
  };
}

/** A fetch that serves pages from a mutable map (404 otherwise), or fails when `down`. */
function fakeCms() {
  const pages = new Map<string, Record<string, unknown>>();
  const state = { down: false };
  const fetch = vi.fn<FetchFn>(async (request) => {
    if (state.down) throw new TypeError("fetch failed");
    const path = new URL(request.url).pathname;
    const url = decodeURIComponent(path.replace(/^\/api\/v1\/cognito\/page\//, ""));
    const page = pages.get(url);
    return page ? json({ data: page }) : json({ message: "Page not found" }, 404);
  });
  return { pages, state, fetch };
}

beforeEach(() => {
  cache = new SwrCache();
  vi.spyOn(console, "warn").mockImplementation(() => {});
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.setSystemTime(Date.now() + 60_000);
});

describe("getPage with the upstream down", () => {
  it("serves the seeded about page on a network error", async () => {
    const page = await getPage(transport(networkDown), "about");
    expect(page).not.toBeNull();
    expect(page!.url).toBe("about");
    expect(page!.slug).toBe("about");
    expect(page!.title).toBe("About us");
    expect(page!.id).toBe("seed-about");
    expect(page!.rows.length).toBeGreaterThan(0);
  });

  it("serves the seeded page on a 5xx too", async () => {
    const page = await getPage(
      transport(async () => json({ message: "db down" }, 503)),
      "about",
    );
    expect(page?.id).toBe("seed-about");
  });

  it("throws UpstreamError -1 for a url that has no seed", async () => {
    const error = await getPage(transport(networkDown), "nope").catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UpstreamError);
    expect((error as UpstreamError).status).toBe(-1);
    expect((error as UpstreamError).unavailable).toBe(true);
  });

  it("serves the seeded delivery page, which has page blocks", async () => {
    const page = await getPage(transport(networkDown), "delivery");
    expect(page?.id).toBe("seed-delivery");
    expect(page?.pageContents.length).toBe(3);
  });

  it("does not fall back to the seed when the upstream says 404", async () => {
    await expect(
      getPage(
        transport(async () => json({ message: "Page not found" }, 404)),
        "about",
      ),
    ).resolves.toBeNull();
  });
});

describe("getPage with the upstream up", () => {
  it("asks for the page with its rows (pb=1) and encodes each path segment", async () => {
    const cms = fakeCms();
    cms.pages.set("a b/c", upstreamPage("a b/c"));
    await getPage(transport(cms.fetch), "a b/c");
    const url = new URL(cms.fetch.mock.calls[0][0].url);
    expect(url.pathname).toBe("/api/v1/cognito/page/a%20b/c");
    expect(url.searchParams.get("pb")).toBe("1");
  });

  it("returns null for an unknown page and does not keep it in the cache", async () => {
    const cms = fakeCms();
    const t = transport(cms.fetch);
    await expect(getPage(t, "nope")).resolves.toBeNull();
    await expect(getPage(t, "nope")).resolves.toBeNull();
    expect(cms.fetch).toHaveBeenCalledTimes(2);
  });

  it("forgets a cached page the upstream has since deleted, after one more stale answer", async () => {
    const cms = fakeCms();
    cms.pages.set("about", upstreamPage("about"));
    const t = transport(cms.fetch);
    await getPage(t, "about");
    cms.pages.delete("about");
    vi.setSystemTime(Date.now() + 5_000);
    expect((await getPage(t, "about"))?.title).toBe("Upstream about");
    await cache.settle();
    await expect(getPage(t, "about")).resolves.toBeNull();
  });

  it("after a successful load, keeps serving the cached copy when the upstream goes down", async () => {
    const cms = fakeCms();
    cms.pages.set("about", upstreamPage("about"));
    const t = transport(cms.fetch);
    const first = await getPage(t, "about");
    expect(first?.title).toBe("Upstream about");
    expect(cms.fetch).toHaveBeenCalledTimes(1);

    cms.state.down = true;
    // Still fresh: no upstream call at all.
    await expect(getPage(t, "about")).resolves.toBe(first);
    expect(cms.fetch).toHaveBeenCalledTimes(1);

    // Stale: the cached copy is served at once, the failing refresh does not replace it.
    vi.setSystemTime(Date.now() + 5_000);
    await expect(getPage(t, "about")).resolves.toBe(first);
    await cache.settle();
    expect(cms.fetch).toHaveBeenCalledTimes(2);
    await expect(getPage(t, "about")).resolves.toBe(first);
    expect((await getPage(t, "about"))?.id).not.toBe("seed-about");
  });

  it("keeps the cached object until updated_at changes", async () => {
    const cms = fakeCms();
    cms.pages.set("about", upstreamPage("about"));
    const t = transport(cms.fetch);
    const first = await getPage(t, "about");

    cms.pages.set("about", upstreamPage("about", { title: "Same version" }));
    vi.setSystemTime(Date.now() + 5_000);
    await getPage(t, "about");
    await cache.settle();
    await expect(getPage(t, "about")).resolves.toBe(first);

    cms.pages.set("about", upstreamPage("about", { title: "New version", updated_at: "2026-05-02T00:00:00Z" }));
    vi.setSystemTime(Date.now() + 5_000);
    await getPage(t, "about");
    await cache.settle();
    expect((await getPage(t, "about"))?.title).toBe("New version");
  });

  it("never answers a page past its next_change_at, even within its second: the first read after asks", async () => {
    const cms = fakeCms();
    const at = new Date(Date.now() + 300).toISOString();
    cms.pages.set("about", upstreamPage("about", { next_change_at: at }));
    const t = transport(cms.fetch);
    await getPage(t, "about");
    // The scheduled revision is applied at its time: the CMS answers it from then on.
    cms.pages.set("about", upstreamPage("about", { title: "Scheduled", updated_at: "2026-06-01T00:00:00Z" }));
    vi.setSystemTime(Date.now() + 200);
    expect((await getPage(t, "about"))?.title).toBe("Upstream about");
    vi.setSystemTime(Date.now() + 100);
    expect((await getPage(t, "about"))?.title).toBe("Scheduled");
    expect(cms.fetch).toHaveBeenCalledTimes(2);
  });

  it("replaces the cached object when next_change_at moves on (a scheduled block has appeared)", async () => {
    const cms = fakeCms();
    cms.pages.set("about", upstreamPage("about", { next_change_at: "2026-07-01T00:00:00Z" }));
    const t = transport(cms.fetch);
    await getPage(t, "about");

    // Same updated_at: the CMS now shows the block that started, and names the next change.
    const block = { id: 9, template: "core/html", variables: { html: "<p>July sale</p>" } };
    cms.pages.set("about", upstreamPage("about", { pageContents: [block], next_change_at: null }));
    vi.setSystemTime(Date.now() + 5_000);
    await getPage(t, "about");
    await cache.settle();
    const page = await getPage(t, "about");
    expect(page?.pageContents.map((b) => b.variables.html)).toEqual(["<p>July sale</p>"]);
    expect(page?.next_change_at).toBeNull();
  });

  it("serves a signed-in visitor the page anyone gets, from the shared cache (decision 124)", async () => {
    const cms = fakeCms();
    cms.pages.set("about", upstreamPage("about"));
    const member = transport(cms.fetch, "token");
    const first = await getPage(member, "about");
    await expect(getPage(transport(cms.fetch), "about")).resolves.toEqual(first);
    await getPage(member, "about");
    expect(cms.fetch).toHaveBeenCalledTimes(1);
    expect(cms.fetch.mock.calls[0][0].headers.get("authorization")).toBeNull();
    expect(cache.peek("/api/v1/cognito/page/about?pb=1")).toBeDefined();
  });
});
