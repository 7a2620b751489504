/**
 * The CMS's own HTTP guards, so that the CMS run alone (`npm run cms`) is as safe as the one
 * embedded behind the site's server. Hono's own middleware does the work:
 *
 * - `securityHeaders` (Hono's `secureHeaders`): nosniff and no referrer on every answer; JSON
 *   answers also say that nothing may run, load or frame them (`default-src 'none';
 *   frame-ancestors 'none'`). Images and videos are loaded by the site's pages, which may live on
 *   another origin (a split deployment), and are opened on their own in a tab: they get a policy
 *   that lets that work (see MEDIA).
 * - `bodyGuard` (Hono's `bodyLimit`): a write's body is bounded (1 MB, 16 KB on /graphql), also
 *   when it comes chunked with no length (it is counted while it is read, and reading stops at the
 *   bound); and a body must be JSON or a form: anything else (text/plain, say) is a 415. A write
 *   without a body is fine whatever it says it is (the generic-record POST with no parameters).
 */
import type { MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { every } from "hono/combine";
import { secureHeaders } from "hono/secure-headers";

/** The largest request body the CMS reads. */
export const MAX_BODY_BYTES = 1_000_000;
/** The largest GraphQL request body: a legitimate query is a few hundred bytes. */
export const MAX_GRAPHQL_BODY_BYTES = 16 * 1024;

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Paths whose answers are images and videos: loaded by pages (perhaps of another origin) and viewed alone. */
const MEDIA_PATH = /^\/(?:assets\/i|v)\//;

/** Paths whose answers are documents to download (cms/files). */
const FILE_PATH = /^\/api\/v1\/cognito\/default\/file\//;

type HeaderOptions = NonNullable<Parameters<typeof secureHeaders>[0]>;

/**
 * Every answer says: not sniffed, no referrer. Hono's defaults add headers meant for a site's
 * documents (HSTS, COOP, Origin-Agent-Cluster and older ones): the API's answers have never
 * carried them, and behind the site's server that server's own headers decide.
 */
const COMMON: HeaderOptions = {
  xContentTypeOptions: true,
  referrerPolicy: "no-referrer",
  crossOriginEmbedderPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
};

/** What a JSON answer (or any that is not media) carries: nothing runs in it, nothing frames it. */
const API: HeaderOptions = {
  ...COMMON,
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"] },
  xFrameOptions: "DENY",
  crossOriginResourcePolicy: "same-origin",
};

/**
 * What an image or a video carries. A `default-src 'none'` policy would stop a video opened on
 * its own in a tab (Chromium's media document loads it again, under that policy, and refuses) and
 * unstyle an image opened so (its image document styles it inline); and
 * `Cross-Origin-Resource-Policy: same-origin` would stop pages of a site on another origin from
 * showing them; a 304 would write both onto the cached copy. So media may be shown and played,
 * by anyone, and nothing else runs or loads.
 */
const MEDIA: HeaderOptions = {
  ...COMMON,
  contentSecurityPolicy: {
    defaultSrc: ["'none'"],
    imgSrc: ["'self'"],
    mediaSrc: ["'self'"],
    styleSrc: ["'unsafe-inline'"],
    frameAncestors: ["'none'"],
  },
  xFrameOptions: false,
  crossOriginResourcePolicy: "cross-origin",
};

/**
 * What a document carries: a JSON answer's headers, and a sandbox, so a PDF (or an SVG-like
 * surprise) opened on its own runs no script and reaches no origin.
 */
const FILE: HeaderOptions = {
  ...API,
  contentSecurityPolicy: { defaultSrc: ["'none'"], frameAncestors: ["'none'"], sandbox: [] },
};

/**
 * The security headers of every answer, chosen by path once the answer is made (JSON on a media
 * or document path, a 404 say, is a JSON answer). The chosen `secureHeaders` then runs with
 * nothing left to wait for: it only writes its headers onto the answer.
 */
export function securityHeaders(): MiddlewareHandler {
  const api = secureHeaders(API);
  const media = secureHeaders(MEDIA);
  const file = secureHeaders(FILE);
  const answered = async () => {};
  return async (c, next) => {
    await next();
    const json = c.res.headers.get("content-type")?.includes("json") ?? false;
    const headers = json ? api : MEDIA_PATH.test(c.req.path) ? media : FILE_PATH.test(c.req.path) ? file : api;
    await headers(c, answered);
  };
}

/** Whether a body of this content type may be sent: JSON (also `…+json`) or a form. */
export function isAcceptedBodyType(contentType: string | undefined) {
  const type = (contentType ?? "").split(";")[0].trim().toLowerCase();
  return (
    type === "application/json" ||
    /^application\/[a-z0-9.+-]+\+json$/.test(type) ||
    type === "application/x-www-form-urlencoded" ||
    type === "multipart/form-data"
  );
}

const refuse = (status: 400 | 413 | 415, message: string) =>
  Response.json({ message, status }, { status, headers: { "Content-Type": "application/json; charset=UTF-8" } });

export const tooLarge = () => refuse(413, "Request body too large");
const unsupported = () => refuse(415, "Unsupported media type: send application/json or a form");

/** Whether a body within its bound has any bytes: by its length, or (none given) by what bodyLimit read. */
async function hasBytes(request: Request) {
  const length = request.headers.get("content-length");
  if (length !== null && !request.headers.has("transfer-encoding")) return Number(length) > 0;
  return (await request.clone().arrayBuffer()).byteLength > 0;
}

/** A body must be JSON or a form (415), unless it is empty. */
const acceptedBody: MiddlewareHandler = async (c, next) => {
  if (isAcceptedBodyType(c.req.header("content-type")) || !(await hasBytes(c.req.raw))) return next();
  return unsupported();
};

/**
 * Bounds and checks the body of every write (see the file's comment); `limitFor` gives a path's
 * bound, `tooLargeFor` its answer when a body is over it (default a plain 413). A Content-Length
 * that is no byte count is a 400 before anything is read.
 */
export function bodyGuard(
  limitFor: (path: string) => number,
  tooLargeFor: (path: string) => Response = tooLarge,
): MiddlewareHandler {
  const limits = new Map<number, MiddlewareHandler>();
  const bounded: MiddlewareHandler = async (c, next) => {
    const length = c.req.header("content-length");
    if (length !== undefined && !c.req.raw.headers.has("transfer-encoding")) {
      if (!/^\d+$/.test(length.trim()) || !Number.isSafeInteger(Number(length))) {
        return refuse(400, "Bad Content-Length");
      }
    }
    const max = limitFor(c.req.path);
    let limit = limits.get(max);
    if (!limit) {
      limit = bodyLimit({ maxSize: max, onError: (c) => tooLargeFor(c.req.path) });
      limits.set(max, limit);
    }
    return limit(c, next);
  };
  const guard = every(bounded, acceptedBody);
  return async (c, next) => (WRITES.has(c.req.method) && c.req.raw.body !== null ? guard(c, next) : next());
}
