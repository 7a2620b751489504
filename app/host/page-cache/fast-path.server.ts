import type http from "node:http";

import type { knownPageCacheDecision } from "~/lib/page-cache/key.server";

import type { CspSources } from "../security-headers.server";
import { storedBody, storedPageCacheControl } from "./middleware.server";
import type { PageCache, StoredPage } from "./store.server";

/**
 * Stored pages answered before Express (issue 29). A hit through Express cost 0.21 ms of CPU: its
 * request and response objects, the security middleware's header hooks, trust-proxy address
 * parsing and a dozen `setHeader` calls, for 5,400 answers a second where Node alone sends the
 * same bytes 33,800 times. Here a GET whose page-cache decision is already known and whose page
 * is stored and fresh is answered at once, with the very headers the Express path writes for a hit
 * (`pageCacheMiddleware`'s `send`, the security headers with a fresh nonce); anything else (a
 * decision not made yet, a page near its end that wants a refresh, no PUBLIC_URL) goes on to
 * Express, whose path is unchanged and stays the one that decides, renders and refreshes.
 */
export interface FastPathOptions {
  cache: PageCache;
  knownDecision: typeof knownPageCacheDecision;
  /** PUBLIC_URL: without it a page's key needs the request's origin as Express sees it, so no fast path. */
  publicUrl?: string;
  /** Every security header of an answer (security-middleware.server.ts's `securityHeaderList`). */
  securityHeaders: (secure: boolean, pageCsp: CspSources) => [string, string][];
  /** Whether the request came over HTTPS, as Express's `req.secure` says (trust proxy included). */
  secure: (req: http.IncomingMessage) => boolean;
  clock?: () => number;
}

/** The Vary of an answer from a stored page: the page's own, and Accept-Encoding (as `res.vary` adds it). */
function varyWithEncoding(vary: string | undefined) {
  if (!vary) return "Accept-Encoding";
  const fields = vary.split(",").map((f) => f.trim().toLowerCase());
  return fields.includes("*") || fields.includes("accept-encoding") ? vary : `${vary}, Accept-Encoding`;
}

/** The stored page's own headers, with its Vary merged as the answer sends it; worked out once per page. */
const pageHeaders = new WeakMap<StoredPage, [string, string][]>();
function headersOf(page: StoredPage) {
  let headers = pageHeaders.get(page);
  if (!headers) {
    const vary = page.headers.find(([name]) => name.toLowerCase() === "vary")?.[1];
    headers = page.headers.filter(([name]) => name.toLowerCase() !== "vary");
    headers.push(["Vary", varyWithEncoding(vary)]);
    pageHeaders.set(page, headers);
  }
  return headers;
}

/** Answers `req` from a stored page and says true, or says false and leaves `res` untouched. */
export function createFastPath(options: FastPathOptions) {
  const { cache, knownDecision, publicUrl } = options;
  const clock = options.clock ?? Date.now;
  return (req: http.IncomingMessage, res: http.ServerResponse): boolean => {
    if (!publicUrl || req.method !== "GET" || req.url === undefined) return false;
    const { cookie, authorization } = req.headers;
    const decision = knownDecision({
      url: req.url,
      cookie,
      acceptLanguage: req.headers["accept-language"],
      authorization,
    });
    if (!decision || "bypass" in decision) return false;
    const page = cache.get(decision.key);
    if (!page || cache.wantsRefresh(decision.key, page)) return false;

    const { encoding, body } = storedBody(page, req.headers["accept-encoding"]);
    // In the order and with the precedence of the Express path: a page's header replaces a
    // security header of the same name, and the answer's own come last.
    const headers = new Map<string, [string, string]>();
    const set = (name: string, value: string) => headers.set(name.toLowerCase(), [name, value]);
    for (const [name, value] of options.securityHeaders(options.secure(req), page.csp)) set(name, value);
    for (const [name, value] of headersOf(page)) set(name, value);
    set("Cache-Control", storedPageCacheControl(page, clock(), publicUrl));
    if (encoding !== "identity") set("Content-Encoding", encoding);
    set("Content-Length", String(body.length));
    set("Server-Timing", 'page;desc="hit"');
    res.writeHead(200, [...headers.values()].flat());
    res.end(body);
    return true;
  };
}

/**
 * Express's `req.secure` for a request Express has not seen: HTTPS on the socket, or the first
 * X-Forwarded-Proto of a peer the app's trust-proxy setting trusts (as its `req.protocol` reads
 * them), the verdict on each peer address remembered.
 */
export function requestIsSecure(app: { get(setting: string): unknown }) {
  const verdicts = new Map<string, boolean>();
  return (req: http.IncomingMessage) => {
    const encrypted = (req.socket as { encrypted?: boolean }).encrypted === true;
    const forwarded = req.headers["x-forwarded-proto"];
    if (typeof forwarded !== "string" || forwarded === "") return encrypted;
    const address = req.socket.remoteAddress ?? "";
    let trusted = verdicts.get(address);
    if (trusted === undefined) {
      const trust = app.get("trust proxy fn") as (address: string, hop: number) => boolean;
      trusted = trust(address, 0);
      if (verdicts.size >= 1000) verdicts.clear();
      verdicts.set(address, trusted);
    }
    if (!trusted) return encrypted;
    const comma = forwarded.indexOf(",");
    return (comma === -1 ? forwarded : forwarded.slice(0, comma)).trim() === "https";
  };
}

/**
 * The HTTP server's listener: the fast path first, then `next` (Express) for whatever it leaves.
 * Should the fast path throw, Express answers instead; had its answer begun, the connection is cut.
 */
export function fastPathFirst(
  fast: ((req: http.IncomingMessage, res: http.ServerResponse) => boolean) | null,
  next: http.RequestListener,
): http.RequestListener {
  if (!fast) return next;
  return (req, res) => {
    let answered = false;
    try {
      answered = fast(req, res);
    } catch (error) {
      console.error("[page-cache] the fast path failed:", error);
      if (res.headersSent) {
        res.destroy();
        return;
      }
    }
    if (!answered) next(req, res);
  };
}
