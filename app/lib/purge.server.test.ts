import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";

import { emptyCspSources, isCrossSiteWrite } from "~/host/security-headers.server";

import { SwrCache } from "./api/cache.server";
import { getPage } from "./api/pages.server";
import { createLoadContext } from "./load-context.server";
import { bearerMatches, handlePurge } from "./purge.server";

const TOKEN = "t".repeat(40);

const json = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { "content-type": "application/json" } });

/** An upstream whose pages can be edited, as the back-office would; counts the calls per page. */
function editableCms() {
  const titles = new Map([
    ["about", "About us"],
    ["contact", "Contact"],
  ]);
  const calls = new Map<string, number>();
  const fetch = async (request: Request) => {
    const url = decodeURIComponent(new URL(request.url).pathname.replace("/api/v1/cognito/page/", ""));
    calls.set(url, (calls.get(url) ?? 0) + 1);
    const title = titles.get(url);
    if (!title) return json({ message: "Page not found" }, 404);
    const updated_at = `2026-05-0${calls.get(url)}T00:00:00Z`;
    return json({ data: { id: url, name: url, slug: url, url, title, rows: [], pageContents: [], updated_at } });
  };
  return { titles, calls, fetch };
}

let cache: SwrCache;
let cms: ReturnType<typeof editableCms>;

function contextFor(request: Request, purgeToken: string | null = TOKEN) {
  return createLoadContext({
    request,
    cspNonce: "n",
    cspExtra: emptyCspSources(),
    upstream: { fetch: cms.fetch, baseUrl: "http://cms.test", publicUrl: "", timeoutMs: 1_000 },
    upstreamCache: cache,
    sessionSecret: "s".repeat(40),
    production: false,
    purgeToken: purgeToken ?? undefined,
  });
}

/** A page as an anonymous visitor's request would get it. */
async function pageTitle(url: string) {
  const { transport } = await contextFor(new Request(`https://dovetail.example/${url}`)).visitor();
  return (await getPage(transport, url))?.title;
}

interface PurgeCall {
  /** The bearer token sent (null: no Authorization header). */
  token?: string | null;
  /** The site's PURGE_TOKEN (null: not configured). */
  configured?: string | null;
  method?: string;
}

function purge(body: unknown, { token = TOKEN, configured = TOKEN, method = "POST" }: PurgeCall = {}) {
  const headers: Record<string, string> = { "content-type": "application/json" };
  if (token !== null) headers.authorization = `Bearer ${token}`;
  const request = new Request("https://dovetail.example/_purge", {
    method,
    headers,
    body: method === "POST" ? (typeof body === "string" ? body : JSON.stringify(body)) : undefined,
  });
  return handlePurge(request, contextFor(request, configured));
}

beforeEach(() => {
  cache = new SwrCache();
  cms = editableCms();
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(() => vi.restoreAllMocks());

describe("POST /_purge", () => {
  it("makes the next request reach the upstream and show the change, for the purged path only", async () => {
    expect(await pageTitle("about")).toBe("About us");
    expect(await pageTitle("contact")).toBe("Contact");
    cms.titles.set("about", "About the workshop");
    cms.titles.set("contact", "Write to us");
    // Served from the cache: the change is not seen yet.
    expect(await pageTitle("about")).toBe("About us");
    expect(cms.calls.get("about")).toBe(1);

    const response = await purge({ paths: ["/api/v1/cognito/page/about"] });
    expect(response.status).toBe(204);
    expect(await response.text()).toBe("");

    expect(await pageTitle("about")).toBe("About the workshop");
    expect(cms.calls.get("about")).toBe(2);
    expect(await pageTitle("contact")).toBe("Contact");
    expect(cms.calls.get("contact")).toBe(1);
  });

  it('drops every cached answer with {"all": true}', async () => {
    await pageTitle("about");
    await pageTitle("contact");
    cms.titles.set("contact", "Write to us");
    expect((await purge({ all: true })).status).toBe(204);
    expect(await pageTitle("contact")).toBe("Write to us");
    await pageTitle("about");
    expect(cms.calls.get("about")).toBe(2);
  });

  it("is 401 without the right bearer token, and purges nothing", async () => {
    await pageTitle("about");
    for (const token of [null, "", "wrong", TOKEN.slice(1), `${TOKEN}x`]) {
      const response = await purge({ all: true }, { token });
      expect(response.status).toBe(401);
      expect(response.headers.get("www-authenticate")).toMatch(/^Bearer/);
    }
    await pageTitle("about");
    expect(cms.calls.get("about")).toBe(1);
  });

  it("is 400 for a body that is not one of the two shapes", async () => {
    const bad = [
      "not json",
      {},
      { all: false },
      { paths: [] },
      { paths: ["/page/about"] },
      { paths: ["/api/x".padEnd(501, "x")] },
      { paths: Array.from({ length: 101 }, (_, i) => `/api/${i}`) },
      { paths: [42] },
      { all: true, paths: ["/api/x"] },
    ];
    for (const body of bad) expect((await purge(body)).status, JSON.stringify(body).slice(0, 40)).toBe(400);
    const longest = Array.from({ length: 100 }, (_, i) => `/api/${i}`.padEnd(500, "x"));
    expect((await purge({ paths: longest })).status).toBe(204);
  });

  it("is 404 when PURGE_TOKEN is not configured, whatever is sent", async () => {
    expect((await purge({ all: true }, { configured: null })).status).toBe(404);
    expect((await purge({ all: true }, { configured: null, token: null })).status).toBe(404);
  });

  it("answers anything but POST with 405", async () => {
    const response = await purge(undefined, { method: "GET" });
    expect(response.status).toBe(405);
    expect(response.headers.get("allow")).toBe("POST");
  });

  it("is refused from another site's page by the Origin guard, but not for a machine's call", () => {
    expect(isCrossSiteWrite("POST", "dovetail.example", "https://evil.example", "cross-site")).toBe(true);
    expect(isCrossSiteWrite("POST", "dovetail.example", undefined, undefined)).toBe(false);
  });
});

describe("bearerMatches", () => {
  it("accepts only `Bearer <the token>`", () => {
    expect(bearerMatches(`Bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(`bearer ${TOKEN}`, TOKEN)).toBe(true);
    expect(bearerMatches(TOKEN, TOKEN)).toBe(false);
    expect(bearerMatches(`Basic ${TOKEN}`, TOKEN)).toBe(false);
    expect(bearerMatches(null, TOKEN)).toBe(false);
    expect(bearerMatches("Bearer ", TOKEN)).toBe(false);
  });
});
