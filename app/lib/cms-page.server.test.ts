import { afterAll, beforeEach, describe, expect, it, vi } from "vitest";

// The cache reads Date.now: fake the Date (only) before the imports below run, so the
// tests move a fixed clock past a block's end while the page stays in the cache.
vi.hoisted(() => {
  vi.useFakeTimers({ toFake: ["Date"] });
  vi.setSystemTime(new Date("2026-06-01T10:00:00Z"));
});

import { emptyCspSources } from "~/host/security-headers.server";

import { SwrCache } from "./api/cache.server";
import { loadCmsPage, needsSignIn, pageCacheControl } from "./cms-page.server";
import { createLoadContext } from "./load-context.server";

const T0 = Date.parse("2026-06-01T10:00:00Z");
const at = (seconds: number) => new Date(T0 + seconds * 1000).toISOString();

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

const html = (id: string, text: string, wrapper?: Record<string, unknown>) => ({
  id,
  type: "core/html",
  fields: { html: `<p>${text}</p>` },
  ...(wrapper ? { wrapper } : {}),
});

/** A promotion page: a page block that ends at +90 s, one that starts at +120 s, and row widgets scheduled by their wrappers. */
const promotion = {
  id: 7,
  name: "Sale",
  slug: "sale",
  url: "sale",
  title: "Sale",
  content: "",
  updated_at: "2026-05-01T00:00:00Z",
  rows: [
    {
      row_type: "columns",
      blocks: [
        {
          id: "b1",
          widgets: [
            html("always", "Always here"),
            // Typed without a zone: the site's clock (Brisbane, UTC+10), so 20:00:30 there is T0 + 30 s.
            html("until", "Ends with the weekend", { hidden_after: "2026-06-01 20:00:30" }),
            html("from", "Starts on Monday", { hidden_before: at(45) }),
            html("off", "Switched off", { visibility: 0 }),
          ],
        },
      ],
    },
  ],
  pageContents: [
    {
      id: 1,
      sort_order: 1,
      template: "core/html",
      variables: { html: "<p>Winter sale: 20% off</p>" },
      end_time: at(90),
    },
    {
      id: 2,
      sort_order: 2,
      template: "core/html",
      variables: { html: "<p>Spring range now in</p>" },
      start_time: at(120),
    },
  ],
};

function fakeCms(page: Record<string, unknown> = promotion) {
  const calls: string[] = [];
  const fetch = vi.fn(async (request: Request) => {
    const path = new URL(request.url).pathname;
    calls.push(path);
    if (path.endsWith("/domain/initialData")) return json({ data: { sitemap: [], redirects: [], links: [] } });
    if (path.endsWith("/domain/currentDomain"))
      return json({ data: { name: "Dovetail", time_zone: "Australia/Brisbane" } });
    if (path.endsWith("/page/sale")) return json({ data: page });
    return new Response(JSON.stringify({ message: "Not found" }), { status: 404 });
  });
  return { fetch, calls };
}

/** The process's cache: one per test, shared by its requests. */
let cache: SwrCache;

function context(fetch: (r: Request) => Promise<Response>, request: Request) {
  return createLoadContext({
    request,
    cspNonce: "n",
    cspExtra: emptyCspSources(),
    upstream: { fetch, baseUrl: "http://cms.test", publicUrl: "", timeoutMs: 1_000 },
    upstreamCache: cache,
    sessionSecret: "s".repeat(64),
    production: false,
    publicUrl: "https://dovetail.example",
  });
}

type Loaded = {
  data: {
    nextChangeMs: number | null;
    page: { pageContents: { variables: { html: string } }[]; rows: { blocks: { widgets: { id: string }[] }[] }[] };
  };
  init: { headers: Record<string, string> };
};

async function load(cms: ReturnType<typeof fakeCms>) {
  const request = new Request("https://dovetail.example/sale");
  const result = (await loadCmsPage(request, context(cms.fetch, request), "/sale")) as unknown as Loaded;
  const page = result.data.page;
  return {
    blocks: page.pageContents.map((pb) => pb.variables.html),
    widgets: page.rows.flatMap((r) => r.blocks.flatMap((b) => b.widgets.map((w) => w.id))),
    cacheControl: result.init.headers["Cache-Control"],
    nextChangeMs: result.data.nextChangeMs,
  };
}

beforeEach(() => {
  cache = new SwrCache();
  vi.setSystemTime(T0);
});
afterAll(() => {
  vi.useRealTimers();
});

describe("block scheduling through the page loader", () => {
  it("drops a block whose end_time passes on the next request, although the page comes from the cache", async () => {
    const cms = fakeCms();
    const before = await load(cms);
    expect(before.blocks).toEqual(["<p>Winter sale: 20% off</p>"]);

    vi.setSystemTime(T0 + 89_999);
    expect((await load(cms)).blocks).toEqual(["<p>Winter sale: 20% off</p>"]);

    vi.setSystemTime(T0 + 90_000);
    const after = await load(cms);
    expect(after.blocks).toEqual([]);
    // Every answer came from the cache: the page was fetched once, and at most once more in the
    // background when the cached copy went stale (it is unchanged, so the cache keeps its copy).
    expect(cms.calls.filter((p) => p.endsWith("/page/sale")).length).toBeLessThanOrEqual(2);
  });

  it("shows a block from its start_time on", async () => {
    const cms = fakeCms();
    vi.setSystemTime(T0 + 119_999);
    expect((await load(cms)).blocks).toEqual([]);
    vi.setSystemTime(T0 + 120_000);
    expect((await load(cms)).blocks).toEqual(["<p>Spring range now in</p>"]);
  });

  it("applies row widgets' wrapper dates and visibility flag, and keeps hidden ones out of the page data", async () => {
    const cms = fakeCms();
    expect((await load(cms)).widgets).toEqual(["always", "until"]);
    vi.setSystemTime(T0 + 30_000);
    expect((await load(cms)).widgets).toEqual(["always"]);
    vi.setSystemTime(T0 + 45_000);
    expect((await load(cms)).widgets).toEqual(["always", "from"]);
  });

  it("lets shared caches keep the page only until its next visibility change", async () => {
    const cms = fakeCms();
    // The next change is the wrapper's hidden_after at +30 s: no fresh or stale copy past it.
    expect((await load(cms)).cacheControl).toBe("public, max-age=0, s-maxage=30, stale-while-revalidate=0");
    vi.setSystemTime(T0 + 50_000);
    // Next: the sale's end at +90 s.
    expect((await load(cms)).cacheControl).toBe("public, max-age=0, s-maxage=40, stale-while-revalidate=0");
    vi.setSystemTime(T0 + 200_000);
    // Nothing is scheduled any more: the usual minute, with stale-while-revalidate.
    expect((await load(cms)).cacheControl).toBe("public, max-age=0, s-maxage=60, stale-while-revalidate=300");
  });
});

describe("the upstream's next_change_at", () => {
  it("ends the shared-cache lifetime and sets the browser's recheck at it, for a block the CMS left out", async () => {
    // The CMS leaves out a block that starts at +20 s: the page carries only the time it appears.
    const cms = fakeCms({ ...promotion, next_change_at: at(20) });
    const loaded = await load(cms);
    expect(loaded.nextChangeMs).toBe(20_000);
    expect(loaded.cacheControl).toBe("public, max-age=0, s-maxage=20, stale-while-revalidate=0");
    // The page's own next change (+30 s) comes first when the upstream's is later.
    cache = new SwrCache();
    expect((await load(fakeCms({ ...promotion, next_change_at: at(600) }))).nextChangeMs).toBe(30_000);
  });
});

describe("pageCacheControl", () => {
  const request = new Request("https://dovetail.example/sale");
  it("bounds the stale window by the change too", () => {
    expect(pageCacheControl(request, false, 200_000, "https://dovetail.example")).toBe(
      "public, max-age=0, s-maxage=60, stale-while-revalidate=140",
    );
  });
  it("never shares a page for a signed-in visitor or without PUBLIC_URL", () => {
    expect(pageCacheControl(request, true, null, "https://dovetail.example")).toBe("private, no-store");
    expect(pageCacheControl(request, false, null, undefined)).toBe("private, no-store");
  });
});

describe("pages and forms marked must_be_logged_on", () => {
  it("send an anonymous visitor to /login with the path to come back to", async () => {
    const cms = fakeCms({ ...promotion, must_be_logged_on: 1 });
    const request = new Request("https://dovetail.example/sale?tab=x");
    const thrown = await loadCmsPage(request, context(cms.fetch, request), "/sale").catch((e: unknown) => e);
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).headers.get("location")).toBe("/login?redirectTo=%2Fsale%3Ftab%3Dx");
    expect((thrown as Response).headers.get("cache-control")).toBe("private, no-store");
  });

  it("are open to anyone when unmarked", async () => {
    expect((await load(fakeCms({ ...promotion, must_be_logged_on: false }))).widgets).toContain("always");
  });

  it("a form's flag in a widget's data counts too", () => {
    expect(needsSignIn({ a: { form: { must_be_logged_on: true } } })).toBe(true);
    expect(needsSignIn({ a: { must_be_logged_on: 1 } })).toBe(true);
    expect(needsSignIn({ a: { form: { must_be_logged_on: 0 } }, b: null, c: [1] })).toBe(false);
  });
});
