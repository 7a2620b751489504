import type * as NodeCrypto from "node:crypto";

import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

// Count real decryptions: the session cookie is AES-GCM, so each decode is one createDecipheriv.
const decipher = vi.hoisted(() => ({ calls: 0 }));
vi.mock("node:crypto", async (importOriginal) => {
  const actual = await importOriginal<typeof NodeCrypto>();
  const createDecipheriv = ((...args: Parameters<typeof actual.createDecipheriv>) => {
    decipher.calls++;
    return actual.createDecipheriv(...args);
  }) as typeof actual.createDecipheriv;
  return { ...actual, default: { ...actual, createDecipheriv }, createDecipheriv };
});

import { createRequestHandler, type ServerBuild } from "@remix-run/node";

import { emptyCspSources } from "~/host/security-headers.server";
import * as rootRoute from "~/root";
import * as indexRoute from "~/routes/_index";

import { SwrCache } from "./api/cache.server";
import { createLoadContext } from "./load-context.server";
import { getSessionStorage } from "./session.server";

const SECRET = "v".repeat(40);

/** The document itself is not under test: a stub stands in for entry.server. */
const renderDocument = (_request: Request, status: number, headers: Headers) =>
  new Response("<html></html>", { status, headers });

/** Remix's own request handler over the real root and index route modules. */
const build = {
  mode: "production",
  entry: { module: { default: renderDocument } },
  routes: {
    root: { id: "root", path: "", module: rootRoute },
    "routes/_index": { id: "routes/_index", parentId: "root", index: true, module: indexRoute },
  },
  assets: { entry: { module: "/entry.js", imports: [] }, routes: {}, url: "/manifest.js", version: "test" },
  publicPath: "/build/",
  assetsBuildDirectory: "public/build",
  future: { v3_singleFetch: true },
  isSpaMode: false,
} as unknown as ServerBuild;
const handle = createRequestHandler(build, "production");

const json = (body: unknown) => new Response(JSON.stringify(body), { headers: { "content-type": "application/json" } });

/** The upstream for `/`: settings, the initial data and the home page; records what it was asked. */
function fakeCms() {
  const calls: { path: string; authorization: string | null }[] = [];
  const fetch = async (request: Request) => {
    const path = new URL(request.url).pathname;
    calls.push({ path, authorization: request.headers.get("authorization") });
    if (path.endsWith("/domain/initialData")) return json({ data: { sitemap: [], redirects: [], links: [] } });
    if (path.endsWith("/domain/currentDomain")) return json({ data: { name: "Dovetail" } });
    if (path.endsWith("/page/home")) {
      const home = { id: 1, name: "Home", slug: "home", url: "home", title: "Home", rows: [], pageContents: [] };
      return json({ data: { ...home, updated_at: "2026-05-01T00:00:00Z" } });
    }
    return new Response(JSON.stringify({ message: "Not found" }), { status: 404 });
  };
  return { fetch, calls };
}

async function signedInCookie() {
  const storage = getSessionStorage(SECRET, false);
  const session = await storage.getSession(null);
  session.set("accessToken", "member-token");
  return (await storage.commitSession(session)).split(";")[0];
}

function contextFor(request: Request, cms: ReturnType<typeof fakeCms>, upstreamCache = new SwrCache()) {
  return createLoadContext({
    request,
    cspNonce: "n",
    cspExtra: emptyCspSources(),
    upstream: { fetch: cms.fetch, baseUrl: "http://cms.test", publicUrl: "", timeoutMs: 1_000 },
    upstreamCache,
    sessionSecret: SECRET,
    production: false,
  });
}

function get(url: string, cookie: string, cms: ReturnType<typeof fakeCms>) {
  const request = new Request(url, { headers: { cookie } });
  return handle(request, contextFor(request, cms));
}

beforeEach(() => {
  decipher.calls = 0;
  vi.spyOn(console, "error").mockImplementation(() => {});
  vi.spyOn(console, "warn").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("the visitor of a request", () => {
  it("is decoded once for `/`, although the root, the index route and the page loader all use it", async () => {
    const cookie = await signedInCookie();
    const cms = fakeCms();

    const response = await get("https://dovetail.example/", cookie, cms);
    expect(response.status).toBe(200);
    expect(decipher.calls).toBe(1);
    // Both loaders ran, with the one transport: content is asked for without the session's token
    // (the same for everyone, from the shared cache: decision 124).
    const sent = new Map(cms.calls.map((c) => [c.path, c.authorization]));
    expect(sent.get("/api/v1/cognito/domain/initialData")).toBeNull();
    expect(sent.get("/api/v1/cognito/page/home")).toBeNull();
    expect(cms.calls.every((c) => c.authorization === null || c.authorization === "Bearer member-token")).toBe(true);

    // Once per request: the next request decodes its own cookie.
    await get("https://dovetail.example/", cookie, cms);
    expect(decipher.calls).toBe(2);
  });

  it("shares anonymous answers between requests through the process's cache, and times each request", async () => {
    const cms = fakeCms();
    const cache = new SwrCache();
    const first = contextFor(new Request("https://dovetail.example/"), cms, cache);
    expect((await handle(new Request("https://dovetail.example/"), first)).status).toBe(200);
    const calls = cms.calls.length;
    expect(first.upstreamTiming.calls).toBe(calls);
    expect(first.upstreamTiming.misses).toBeGreaterThan(0);

    const second = contextFor(new Request("https://dovetail.example/"), cms, cache);
    expect((await handle(new Request("https://dovetail.example/"), second)).status).toBe(200);
    expect(cms.calls.length).toBe(calls);
    expect(second.upstreamTiming.header()).toMatch(/^upstream;dur=0;desc="0 calls", cache;desc="[1-9]\d* hit, 0 miss"/);
  });

  it("is built on first use only, and then the same object for every caller", async () => {
    const request = new Request("https://dovetail.example/robots.txt", { headers: { cookie: await signedInCookie() } });
    const context = contextFor(request, fakeCms());
    expect(decipher.calls).toBe(0);
    const [a, b] = await Promise.all([context.visitor(), context.visitor()]);
    expect(a).toBe(b);
    expect(a.signedIn).toBe(true);
    expect(decipher.calls).toBe(1);
  });

  it("reads the preferences from the query and cookies, and remembers a choice", async () => {
    const request = new Request("https://dovetail.example/?theme=dark&lng=de", { headers: { cookie: "lng=fr" } });
    const { preferences, signedIn, member } = await contextFor(request, fakeCms()).visitor();
    expect(preferences.theme).toBe("dark");
    expect(preferences.locale).toBe("de");
    expect(preferences.setCookies.map((c) => c.split("=")[0]).sort()).toEqual(["lng", "theme"]);
    expect({ signedIn, member }).toEqual({ signedIn: false, member: null });
  });
});
