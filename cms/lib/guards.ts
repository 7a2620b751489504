/**
 * The CMS's own HTTP guards, so that the CMS run alone (`npm run cms`) is as safe as the one
 * embedded behind the site's server:
 *
 * - `securityHeaders`: nosniff and no referrer on every answer; JSON answers also say that
 *   nothing may run, load or frame them (`default-src 'none'; frame-ancestors 'none'`). Images and
 *   videos are loaded by the site's pages, which may live on another origin (a split deployment),
 *   and are opened on their own in a tab: they get a policy that lets that work (see mediaHeaders).
 * - `bodyGuard`: a write's body is bounded (1 MB, 16 KB on /graphql), also when it comes chunked
 *   with no length (it is counted while it is read, and reading stops at the bound); and a body
 *   must be JSON or a form: anything else (text/plain, say) is a 415. A write without a body is
 *   fine whatever it says it is (the generic-record POST with no parameters).
 */
import type { MiddlewareHandler } from "hono";

/** The largest request body the CMS reads. */
export const MAX_BODY_BYTES = 1_000_000;
/** The largest GraphQL request body: a legitimate query is a few hundred bytes. */
export const MAX_GRAPHQL_BODY_BYTES = 16 * 1024;

const WRITES = new Set(["POST", "PUT", "PATCH", "DELETE"]);

/** Paths whose answers are images and videos: loaded by pages (perhaps of another origin) and viewed alone. */
const MEDIA_PATH = /^\/(?:assets\/i|v)\//;

const COMMON_HEADERS = { "X-Content-Type-Options": "nosniff", "Referrer-Policy": "no-referrer" };

/** What a JSON answer (or any that is not media) carries: nothing runs in it, nothing frames it. */
export const apiHeaders: Record<string, string> = {
  ...COMMON_HEADERS,
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
  "X-Frame-Options": "DENY",
  "Cross-Origin-Resource-Policy": "same-origin",
};

/**
 * What an image or a video carries. A `default-src 'none'` policy would stop a video opened on
 * its own in a tab (Chromium's media document loads it again, under that policy, and refuses) and
 * unstyle an image opened so (its image document styles it inline); and
 * `Cross-Origin-Resource-Policy: same-origin` would stop pages of a site on another origin from
 * showing them; a 304 would write both onto the cached copy. So media may be shown and played,
 * by anyone, and nothing else runs or loads.
 */
export const mediaHeaders: Record<string, string> = {
  ...COMMON_HEADERS,
  "Content-Security-Policy":
    "default-src 'none'; img-src 'self'; media-src 'self'; style-src 'unsafe-inline'; frame-ancestors 'none'",
  "Cross-Origin-Resource-Policy": "cross-origin",
};

/** Paths whose answers are documents to download (cms/files). */
const FILE_PATH = /^\/api\/v1\/cognito\/default\/file\//;

/**
 * What a document carries: a JSON answer's headers, and a sandbox, so a PDF (or an SVG-like
 * surprise) opened on its own runs no script and reaches no origin.
 */
export const fileHeaders: Record<string, string> = {
  ...apiHeaders,
  "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'; sandbox",
};

/** The security headers of every answer, chosen by path (and JSON on a media path is JSON). */
export function securityHeaders(): MiddlewareHandler {
  return async (c, next) => {
    await next();
    const json = c.res.headers.get("content-type")?.includes("json") ?? false;
    const headers = json
      ? apiHeaders
      : MEDIA_PATH.test(c.req.path)
        ? mediaHeaders
        : FILE_PATH.test(c.req.path)
          ? fileHeaders
          : apiHeaders;
    for (const [name, value] of Object.entries(headers)) c.res.headers.set(name, value);
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

/** The body's bytes, read until the end or until more than `max` have come (then null, and reading stops). */
export async function readAtMost(
  body: ReadableStream<Uint8Array>,
  max: number,
): Promise<Uint8Array<ArrayBuffer> | null> {
  const reader = body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      await reader.cancel().catch(() => undefined);
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

const refuse = (status: 400 | 413 | 415, message: string) =>
  Response.json({ message, status }, { status, headers: { "Content-Type": "application/json; charset=UTF-8" } });

export const tooLarge = () => refuse(413, "Request body too large");
const unsupported = () => refuse(415, "Unsupported media type: send application/json or a form");

/**
 * Bounds and checks the body of every write (see the file's comment); `limitFor` gives a path's
 * bound, `tooLargeFor` its answer when a body is over it (default a plain 413).
 */
export function bodyGuard(
  limitFor: (path: string) => number,
  tooLargeFor: (path: string) => Response = tooLarge,
): MiddlewareHandler {
  return async (c, next) => {
    const raw = c.req.raw;
    if (!WRITES.has(raw.method) || raw.body === null) return next();
    const max = limitFor(c.req.path);
    const accepted = isAcceptedBodyType(raw.headers.get("content-type") ?? undefined);
    const length = raw.headers.get("content-length");
    if (length !== null && !raw.headers.has("transfer-encoding")) {
      // With a length, the HTTP server reads no more than it says.
      const n = Number(length);
      if (!/^\d+$/.test(length.trim()) || !Number.isSafeInteger(n)) return refuse(400, "Bad Content-Length");
      if (n > max) return tooLargeFor(c.req.path);
      if (n > 0 && !accepted) return unsupported();
      return next();
    }
    // No length (chunked, or a request made in process): count the bytes as they are read.
    const bytes = await readAtMost(raw.body, max);
    if (bytes === null) return tooLargeFor(c.req.path);
    if (bytes.byteLength > 0 && !accepted) return unsupported();
    c.req.raw = new Request(raw, { body: bytes });
    return next();
  };
}
