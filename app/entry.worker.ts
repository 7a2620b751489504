/// <reference lib="webworker" />
// The service worker (decision 063), built by @remix-pwa/dev into public/sw.js (scripts/build-worker.mjs).
// Build assets are cache-first; pages network-first with the cached copy as the fallback, then the
// offline page in the visitor's language. Nothing private is stored: only same-origin GET pages
// and assets the server lets a browser store (no `no-store`, no `private`), never the paths of an
// account, a cart, a checkout, a form post or the API.
import { EnhancedCache, NavigationHandler } from "@remix-pwa/sw";

import { isStorable, OFFLINE_KEY, offlineKey } from "./lib/worker-policy";

declare const self: ServiceWorkerGlobalScope;

/** Pages: stored only when isStorable says so, whoever adds them (the fetch handler, NavigationHandler). */
class PublicPages extends EnhancedCache {
  override async addToCache(request: RequestInfo | URL, response: Response) {
    const req = request instanceof Request ? request : new Request(request);
    if (isStorable(req, response, self.location.origin)) await super.addToCache(req, response);
  }
}

// Named without a version: EnhancedCache appends its own ("-v1").
const assets = new EnhancedCache("assets", {
  strategy: "CacheFirst",
  strategyOptions: { maxEntries: 200, maxAgeSeconds: 60 * 60 * 24 * 365 },
});
const pages = new PublicPages("pages", {
  strategy: "NetworkFirst",
  strategyOptions: { maxEntries: 50, maxAgeSeconds: 60 * 60 * 24 * 30 },
});
const offline = new EnhancedCache("offline", { strategy: "CacheOnly", strategyOptions: {} });

// A page the Remix runtime reached client-side is stored as its document (runtime pages post it).
const navigation = new NavigationHandler({ cache: pages });

async function storeOfflinePage(lang: string) {
  const key = offlineKey(lang);
  let page = await offline.match(key);
  if (!page) {
    const response = await fetch(key, { credentials: "omit" });
    if (!response.ok) return;
    await offline.addToCache(key, response.clone());
    page = response;
  }
  await offline.addToCache(OFFLINE_KEY, page.clone());
}

async function page(request: Request) {
  try {
    const response = await fetch(request);
    await pages.addToCache(request.url.split("#")[0], response.clone()).catch(() => undefined);
    return response;
  } catch (error) {
    const cached = (await pages.match(request)) ?? (await offline.match(OFFLINE_KEY));
    if (cached) return cached;
    throw error;
  }
}

/** What every fetch goes through (@remix-pwa/worker-runtime calls it for each request). */
export function defaultFetchHandler({ request }: { request: Request }): Promise<Response> {
  const url = new URL(request.url);
  if (request.method !== "GET" || url.origin !== self.location.origin) return fetch(request);
  if (url.pathname.startsWith("/build/")) return assets.handleRequest(request);
  if (request.mode === "navigate") return page(request);
  return fetch(request);
}

self.addEventListener("install", () => {
  // The first worker takes over at once; a later one waits for Update or the next navigation.
});

self.addEventListener("activate", (event) => {
  event.waitUntil(self.clients.claim());
});

self.addEventListener("message", (event) => {
  const data = event.data as { type?: string; lang?: string } | null;
  if (data?.type === "SKIP_WAITING") void self.skipWaiting();
  else if (data?.type === "OFFLINE_PAGE" && typeof data.lang === "string") event.waitUntil(storeOfflinePage(data.lang));
  else if (data?.type === "REMIX_NAVIGATION") event.waitUntil(navigation.handleMessage(event));
});
