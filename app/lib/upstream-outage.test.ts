/**
 * A page request against an external CMS that accepts connections and never answers: a real
 * socket, the real transport, cache, breaker and deadline, and the loads Remix runs for a page
 * (the root's settings and initial data beside the page route's `loadCmsPage`).
 */
import http from "node:http";
import net from "node:net";

import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";

import { emptyCspSources } from "~/host/security-headers.server";

import { SwrCache } from "./api/cache.server";
import { createUpstreamBreaker } from "./api/circuit-breaker.server";
import { seedInitialData, seedPage, seedSettings } from "./api/seed-fallback.server";
import { getInitialData, getSettings } from "./api/site.server";
import { loadCmsPage } from "./cms-page.server";
import type { Upstream } from "./context";
import { createLoadContext } from "./load-context.server";

/** PAGE_DEADLINE_MS's default. */
const DEADLINE_MS = 8_000;

type Breaker = ReturnType<typeof createUpstreamBreaker>;
const breakers: Breaker[] = [];
const closers: (() => Promise<void>)[] = [];

function listen(server: net.Server) {
  return new Promise<string>((resolve) => {
    server.listen(0, "127.0.0.1", () => resolve(`http://127.0.0.1:${(server.address() as net.AddressInfo).port}`));
  });
}

/** A real network upstream at `baseUrl`, with the spec's 50 s timeout per call. */
function upstreamAt(baseUrl: string): Upstream {
  return { fetch: (request) => fetch(request), baseUrl, publicUrl: baseUrl, timeoutMs: 50_000 };
}

interface Site {
  cache: SwrCache;
  breaker: Breaker;
  deadlineMs: number;
  upstream: Upstream;
}

function site(upstream: Upstream, deadlineMs: number, intervalMs = 30_000, clock = Date.now): Site {
  const breaker = createUpstreamBreaker(upstream, { probeTimeoutMs: deadlineMs, intervalMs });
  breakers.push(breaker);
  return { cache: new SwrCache(1000, clock), breaker, deadlineMs, upstream };
}

/** One anonymous GET of a page, as server.ts and Remix run it; resolves to its title and time. */
async function visit({ cache, breaker, deadlineMs, upstream }: Site, path: string) {
  const request = new Request(`https://dovetail.example${path}`);
  const context = createLoadContext({
    request,
    cspNonce: "n",
    cspExtra: emptyCspSources(),
    upstream,
    upstreamCache: cache,
    upstreamBreaker: breaker,
    upstreamDeadlineMs: deadlineMs,
    sessionSecret: "s".repeat(64),
    production: true,
    publicUrl: "https://dovetail.example",
  });
  const started = performance.now();
  const { transport } = await context.visitor();
  const [settings, , page] = await Promise.all([
    getSettings(transport),
    getInitialData(transport),
    loadCmsPage(request, context, path),
  ]);
  return { ms: performance.now() - started, title: page.data.page.title, siteName: settings.name };
}

beforeAll(() => {
  vi.spyOn(console, "warn").mockImplementation(() => {});
  vi.spyOn(console, "log").mockImplementation(() => {});
});
afterEach(() => {
  for (const b of breakers.splice(0)) b.dispose();
});
afterAll(async () => {
  for (const close of closers.splice(0)) await close();
  vi.restoreAllMocks();
});

describe("an upstream that accepts connections and never answers", () => {
  it("gives the seeded page within the deadline, and the next request in under 100 ms", async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    const baseUrl = await listen(silent);
    closers.push(async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    });
    const s = site(upstreamAt(baseUrl), DEADLINE_MS);

    const first = await visit(s, "/");
    expect(first.ms).toBeLessThan(10_000);
    expect(first.title).toBe(seedPage("home")?.title);
    expect(first.siteName).toBe(seedSettings().name);
    expect(s.breaker.open).toBe(true);
    expect(sockets.size).toBeGreaterThan(0);

    const second = await visit(s, "/about");
    expect(second.ms).toBeLessThan(100);
    expect(second.title).toBe(seedPage("about")?.title);
  });
});

describe("an upstream that stops answering, then answers again", () => {
  let mode: "answer" | "hang" = "answer";
  let about = { title: "About us (live)", updated_at: "2026-06-01T00:00:00.000Z" };
  const live = (path: string) => {
    if (path.endsWith("/domain/currentDomain")) return { data: { ...seedSettings(), name: "Dovetail (live)" } };
    if (path.endsWith("/domain/initialData")) return { data: seedInitialData() };
    if (path.endsWith("/page/about")) return { data: { ...seedPage("about"), ...about } };
    return null;
  };
  const cms = http.createServer((req, res) => {
    if (mode === "hang") return; // holds the connection, never answers
    const body = live(new URL(req.url ?? "/", "http://x").pathname);
    res.writeHead(body ? 200 : 404, { "content-type": "application/json" });
    res.end(JSON.stringify(body ?? { message: "Not found" }));
  });
  let baseUrl = "";
  beforeAll(async () => {
    baseUrl = await listen(cms);
    closers.push(async () => {
      cms.closeAllConnections();
      await new Promise((resolve) => cms.close(resolve));
    });
  });

  it("serves the stale copy at once, and the new content once the probe finds the upstream back", async () => {
    let now = Date.now();
    const s = site(upstreamAt(baseUrl), 1_000, 200, () => now);
    expect((await visit(s, "/about")).title).toBe("About us (live)");

    // Down, and every cached answer is past its fresh time: the stale copies serve at once.
    mode = "hang";
    now += 10 * 60_000;
    const stale = await visit(s, "/about");
    expect(stale.ms).toBeLessThan(10_000);
    expect(stale).toMatchObject({ title: "About us (live)", siteName: "Dovetail (live)" });
    await vi.waitFor(() => expect(s.breaker.open).toBe(true), { timeout: 5_000, interval: 20 });
    const next = await visit(s, "/about");
    expect(next.ms).toBeLessThan(100);
    expect(next.title).toBe("About us (live)");

    // Back, with a change: the probe closes the breaker and the next refresh brings the change.
    about = { title: "About us (new)", updated_at: "2026-06-02T00:00:00.000Z" };
    mode = "answer";
    await vi.waitFor(() => expect(s.breaker.open).toBe(false), { timeout: 5_000, interval: 20 });
    await visit(s, "/about");
    await s.cache.settle();
    expect((await visit(s, "/about")).title).toBe("About us (new)");
  });
});
