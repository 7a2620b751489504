import { afterEach, describe, expect, it, vi } from "vitest";

import { apiPaths, createNotifier, purgeListener } from "./events";

afterEach(() => {
  vi.restoreAllMocks();
});

describe("apiPaths", () => {
  it("names a page's path as the site asks for it, each segment encoded", () => {
    expect(apiPaths.page("about")).toBe("/api/v1/cognito/page/about");
    expect(apiPaths.page("catalogue/table settings")).toBe("/api/v1/cognito/page/catalogue/table%20settings");
  });
});

describe("createNotifier", () => {
  it("hands the change to the listener and resolves when it has", async () => {
    const seen: string[][] = [];
    const notify = createNotifier(async (change) => {
      await new Promise((r) => setTimeout(r, 5));
      seen.push(change.paths);
    });
    await notify({ paths: ["/a"] });
    expect(seen).toEqual([["/a"]]);
  });

  it("logs a listener's failure, sync or async, and never rejects", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    await expect(createNotifier(() => Promise.reject(new Error("down")))({ paths: ["/a"] })).resolves.toBeUndefined();
    await expect(
      createNotifier(() => {
        throw new Error("broken");
      })({ paths: ["/b"] }),
    ).resolves.toBeUndefined();
    expect(log).toHaveBeenCalledTimes(2);
  });

  it("does nothing without a listener", async () => {
    await expect(createNotifier()({ paths: ["/a"] })).resolves.toBeUndefined();
  });
});

describe("purgeListener", () => {
  const token = "x".repeat(40);

  it("POSTs the paths as JSON to the site's /_purge with the bearer token", async () => {
    const calls: { url: string; init: RequestInit }[] = [];
    const listener = purgeListener({
      siteUrl: "https://site.example/base/",
      // (a site under a base path keeps it)
      token,
      fetch: async (url, init) => {
        calls.push({ url: String(url), init: init ?? {} });
        return new Response(null, { status: 204 });
      },
    });
    await listener({ paths: ["/api/v1/cognito/page/about", "/api/v1/cognito/page"] });
    expect(calls).toHaveLength(1);
    expect(calls[0].url).toBe("https://site.example/base/_purge");
    expect(calls[0].init.method).toBe("POST");
    expect(new Headers(calls[0].init.headers).get("authorization")).toBe(`Bearer ${token}`);
    expect(new Headers(calls[0].init.headers).get("content-type")).toBe("application/json");
    expect(JSON.parse(String(calls[0].init.body))).toEqual({
      paths: ["/api/v1/cognito/page/about", "/api/v1/cognito/page"],
    });
    expect(calls[0].init.signal).toBeInstanceOf(AbortSignal);
  });

  it("logs a refusal and a site that does not answer in time, and never throws", async () => {
    const log = vi.spyOn(console, "error").mockImplementation(() => {});
    const refuse = async () => new Response(null, { status: 401 });
    const refused = purgeListener({ siteUrl: "https://site.example", token, fetch: refuse });
    await expect(refused({ paths: ["/a"] })).resolves.toBeUndefined();
    expect(log).toHaveBeenLastCalledWith("[cms] purge at https://site.example/_purge answered 401");

    const hanging = purgeListener({
      siteUrl: "https://site.example",
      token,
      timeoutMs: 20,
      fetch: (_url, init) =>
        new Promise<Response>((_resolve, reject) => {
          init?.signal?.addEventListener("abort", () => reject(init.signal?.reason));
        }),
    });
    const started = Date.now();
    await expect(hanging({ paths: ["/a"] })).resolves.toBeUndefined();
    expect(Date.now() - started).toBeLessThan(2000);
    expect(log).toHaveBeenCalledTimes(2);
    expect(String(log.mock.calls[1][0])).toContain("failed");
  });
});
