import type http from "node:http";

import { afterEach, describe, expect, it, vi } from "vitest";

import { resetState, type Site, startSite, state } from "~/test/page-cache-site";

import { fastPathFirst, requestIsSecure } from "./fast-path.server";

let site: Site;
const PUBLIC_URL = "https://dovetail.example";
const BROWSER = { "accept-encoding": "br, gzip", "accept-language": "en" };

afterEach(async () => {
  vi.restoreAllMocks();
  await site?.close();
});

async function start({ publicUrl = true } = {}) {
  resetState(Date.parse("2026-11-23T10:00:00Z"));
  vi.spyOn(console, "warn").mockImplementation(() => {});
  site = await startSite(publicUrl ? PUBLIC_URL : undefined, { fastPath: true });
}

/** The headers as compared between two answers: names lower-cased, sorted, the nonce and date left out. */
function comparable(headers: http.IncomingHttpHeaders) {
  return Object.entries(headers)
    .filter(([name]) => name !== "date")
    .map(([name, value]) => `${name}: ${String(value).replace(/'nonce-[^']+'/, "'nonce-…'")}`)
    .sort();
}
const nonceOf = (headers: http.IncomingHttpHeaders) =>
  /'nonce-([^']+)'/.exec(String(headers["content-security-policy"] ?? ""))?.[1];

describe("stored pages answered before Express", () => {
  it("answers a known, stored page without Express, with the headers Express's hit has", async () => {
    await start();
    const miss = await site.get("/about", BROWSER);
    expect(miss.headers["server-timing"]).toContain('page;desc="miss"');
    const seen = state.reachedExpress;

    const fast = await site.get("/about", BROWSER);
    expect(state.reachedExpress).toBe(seen); // Express never saw it
    expect(fast.headers["server-timing"]).toBe('page;desc="hit"');
    expect(fast.html).toBe(miss.html);

    // An analytics cookie makes a decision not made yet: Express answers it, from the same page.
    const viaExpress = await site.get("/about", { ...BROWSER, cookie: "_ga=GA1.1.1" });
    expect(state.reachedExpress).toBe(seen + 1);
    expect(viaExpress.headers["server-timing"]).toBe('page;desc="hit"');
    expect(comparable(fast.headers)).toEqual(comparable(viaExpress.headers));
    expect(fast.headers).toMatchObject({
      "content-encoding": "br",
      vary: "Cookie, Accept-Language, Accept-Encoding",
      "x-frame-options": "SAMEORIGIN",
    });
    // The page's inline scripts are allowed by hash, the site's image host by origin, and each
    // answer has a nonce of its own.
    const csp = fast.headers["content-security-policy"] ?? "";
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' 'sha256-/);
    expect(csp).toContain("img-src 'self' data: blob: https://images.example");
    const again = await site.get("/about", BROWSER);
    expect(nonceOf(again.headers)).not.toBe(nonceOf(fast.headers));
  });

  it("sends the encoding asked for, and plain HTML to a client that accepts none", async () => {
    await start();
    await site.get("/catalogue", BROWSER);
    const seen = state.reachedExpress;
    const br = await site.get("/catalogue", BROWSER);
    const gzip = await site.get("/catalogue", { ...BROWSER, "accept-encoding": "gzip" });
    // The encoding is no part of the key: a client that accepts none has the same page, decided.
    const plain = await site.get("/catalogue", { "accept-language": "en" });
    const plainAgain = await site.get("/catalogue", { "accept-language": "en" });
    expect(state.reachedExpress).toBe(seen);
    expect([
      br.headers["content-encoding"],
      gzip.headers["content-encoding"],
      plain.headers["content-encoding"],
    ]).toEqual(["br", "gzip", undefined]);
    expect(new Set([br.html, gzip.html, plain.html, plainAgain.html]).size).toBe(1);
    expect(Number(gzip.headers["content-length"])).toBe(gzip.raw.length);
  });

  it("leaves to Express what only it may answer", async () => {
    await start();
    await site.get("/about", BROWSER);
    const seen = state.reachedExpress;
    await site.get("/about", BROWSER, "HEAD");
    await site.get("/about", { ...BROWSER, authorization: "Bearer x" });
    // A session: never the cache's.
    await site.get("/about", { ...BROWSER, cookie: "__session=abc" });
    await site.get("/about", { ...BROWSER, cookie: "__session=abc" });
    // A page not stored (yet): its decision is known after the first, but only a render stores it.
    await site.get("/missing", BROWSER);
    await site.get("/missing", BROWSER);
    expect(state.reachedExpress).toBe(seen + 6);
  });

  it("sends a page near its end through Express, which starts its next render", async () => {
    await start();
    await site.get("/about", BROWSER); // stored for 60 s (s-maxage)
    state.now += 58_000;
    const seen = state.reachedExpress;
    const renders = state.renders;
    const late = await site.get("/about", BROWSER);
    expect(late.headers["server-timing"]).toBe('page;desc="hit"');
    expect(state.reachedExpress).toBe(seen + 1);
    await vi.waitFor(() => expect(state.renders).toBe(renders + 1));
  });

  it("is off without PUBLIC_URL: the key then needs the origin as Express sees it", async () => {
    await start({ publicUrl: false });
    await site.get("/about", BROWSER);
    const seen = state.reachedExpress;
    expect((await site.get("/about", BROWSER)).headers["server-timing"]).toBe('page;desc="hit"');
    expect(state.reachedExpress).toBe(seen + 1);
  });
});

describe("requestIsSecure", () => {
  const request = (remoteAddress: string, headers: http.IncomingHttpHeaders = {}, encrypted = false) =>
    ({ socket: { remoteAddress, encrypted }, headers }) as unknown as http.IncomingMessage;
  const trustLoopback = { get: () => (address: string) => address === "127.0.0.1" };

  it("believes X-Forwarded-Proto from a trusted proxy only, its first value, as Express does", () => {
    const secure = requestIsSecure(trustLoopback);
    expect(secure(request("127.0.0.1"))).toBe(false);
    expect(secure(request("127.0.0.1", { "x-forwarded-proto": "https" }))).toBe(true);
    expect(secure(request("127.0.0.1", { "x-forwarded-proto": "https, http" }))).toBe(true);
    expect(secure(request("127.0.0.1", { "x-forwarded-proto": "http" }))).toBe(false);
    expect(secure(request("203.0.113.9", { "x-forwarded-proto": "https" }))).toBe(false);
    expect(secure(request("203.0.113.9", {}, true))).toBe(true);
  });
});

describe("fastPathFirst", () => {
  it("hands Express what the fast path leaves, and what it failed on", () => {
    const req = {} as http.IncomingMessage;
    const res = { headersSent: false } as http.ServerResponse;
    const express = vi.fn();
    vi.spyOn(console, "error").mockImplementation(() => {});
    fastPathFirst(() => true, express)(req, res);
    expect(express).not.toHaveBeenCalled();
    fastPathFirst(() => false, express)(req, res);
    fastPathFirst(() => {
      throw new Error("a broken page");
    }, express)(req, res);
    expect(express).toHaveBeenCalledTimes(2);
    expect(fastPathFirst(null, express)).toBe(express);
  });
});
