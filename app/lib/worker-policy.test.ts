import { describe, expect, it } from "vitest";

import { isStorable, offlineKey } from "./worker-policy";

const origin = "https://dovetail.example";
const get = (path: string, init?: RequestInit) => new Request(`${origin}${path}`, init);
const page = (cacheControl: string | null, status = 200) =>
  new Response("<!doctype html>", { status, headers: cacheControl ? { "Cache-Control": cacheControl } : {} });
const publicPage = "public, max-age=0, s-maxage=60, stale-while-revalidate=300";

describe("what the service worker may store", () => {
  it("keeps an anonymous public page", () => {
    expect(isStorable(get("/about"), page(publicPage), origin)).toBe(true);
  });

  it("never keeps a page the server marks private or no-store (a signed-in visitor's, a session's)", () => {
    expect(isStorable(get("/about"), page("private, no-store"), origin)).toBe(false);
    expect(isStorable(get("/about"), page("private"), origin)).toBe(false);
    expect(isStorable(get("/about"), page("no-store"), origin)).toBe(false);
  });

  it("never keeps the account, cart, checkout, sign-in, form or API paths, whatever their headers", () => {
    for (const path of [
      "/profile",
      "/profile/details",
      "/checkout",
      "/cart",
      "/login",
      "/api/v1/cognito/settings",
      "/forms/3",
    ]) {
      expect(isStorable(get(path), page(publicPage), origin), path).toBe(false);
    }
  });

  it("never keeps a form post, another site's answer or an error", () => {
    expect(isStorable(get("/about", { method: "POST", body: "a=1" }), page(publicPage), origin)).toBe(false);
    expect(isStorable(new Request("https://elsewhere.example/about"), page(publicPage), origin)).toBe(false);
    expect(isStorable(get("/about"), page(publicPage, 503), origin)).toBe(false);
  });

  it("asks for the offline page in one language", () => {
    expect(offlineKey("pt-BR")).toBe("/offline?lng=pt-BR");
  });
});
