import { randomFillSync } from "node:crypto";

const NONCE_BYTES = 16;
/** Random bytes for 256 nonces, drawn at once: one call of the system's CSPRNG per 256 answers. */
const pool = Buffer.alloc(NONCE_BYTES * 256);
let used = pool.length;

/**
 * A fresh CSP nonce: 16 bytes of the CSPRNG, each byte used once. Drawing them 4 KiB at a time
 * rather than 16 bytes per answer took 6 % of a cached page's CPU off (issue 29).
 */
export function createNonce() {
  if (used === pool.length) {
    randomFillSync(pool);
    used = 0;
  }
  used += NONCE_BYTES;
  return pool.toString("base64", used - NONCE_BYTES, used);
}

/** Origins a page adds to the policy (analytics configured in the site settings, say). */
export interface CspSources {
  script: string[];
  connect: string[];
  img: string[];
  frame: string[];
}

export function emptyCspSources(): CspSources {
  return { script: [], connect: [], img: [], frame: [] };
}

export interface CspOptions {
  nonce: string;
  /** Origins added by the page being rendered. */
  extra?: CspSources;
  /** Extra origins images may come from (an external API host serving /assets). */
  imageOrigins?: string[];
  /** Origins scripts may connect to on every page (the error-reporting service's, when SENTRY_DSN is set). */
  connectOrigins?: string[];
  /** Origins forms may be sent on to (the payment gateway's pages: a form's answer redirects there). */
  formActionOrigins?: string[];
  /** Serve `upgrade-insecure-requests` (production behind HTTPS). */
  upgradeInsecure?: boolean;
}

/** Origins the page builder's map widget embeds. */
export const FRAME_ORIGINS = ["https://maps.google.com.au", "https://www.google.com.au", "https://www.google.com"];

/** The enforcing Content-Security-Policy of every response: scripts only from here or with this response's nonce. */
export function contentSecurityPolicy({
  nonce,
  extra = emptyCspSources(),
  imageOrigins = [],
  connectOrigins = [],
  formActionOrigins = [],
  upgradeInsecure = false,
}: CspOptions) {
  const unique = (list: string[]) => [...new Set(list)];
  const directives: Record<string, string[]> = {
    "default-src": ["'self'"],
    "script-src": unique(["'self'", `'nonce-${nonce}'`, ...extra.script]),
    "style-src": ["'self'", "'unsafe-inline'"],
    "img-src": unique(["'self'", "data:", "blob:", ...imageOrigins, ...extra.img]),
    "font-src": ["'self'", "data:"],
    "connect-src": unique(["'self'", ...connectOrigins, ...extra.connect]),
    "media-src": ["'self'", ...imageOrigins],
    // 'self': the back-office's editor shows its page preview (this site's own page) in a frame.
    "frame-src": unique([...FRAME_ORIGINS, ...extra.frame, "'self'"]),
    "worker-src": ["'self'"],
    "manifest-src": ["'self'"],
    "object-src": ["'none'"],
    "base-uri": ["'self'"],
    // A form's action may redirect the browser to the payment gateway's page: the policy covers redirects.
    "form-action": unique(["'self'", ...formActionOrigins]),
    "frame-ancestors": ["'self'"],
  };
  const policy = Object.entries(directives).map(([k, v]) => `${k} ${v.join(" ")}`);
  if (upgradeInsecure) policy.push("upgrade-insecure-requests");
  return policy.join("; ");
}

/** Headers every response carries, besides the CSP. */
export function baseSecurityHeaders(secure: boolean): Record<string, string> {
  return {
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "SAMEORIGIN",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=(), payment=(self)",
    ...(secure ? { "Strict-Transport-Security": "max-age=31536000; includeSubDomains" } : {}),
  };
}

/**
 * The first line of CSRF defence for every state-changing request: a browser's cross-site
 * POST carries an Origin (or Sec-Fetch-Site) that gives it away. Actions check a token too.
 */
export function isCrossSiteWrite(
  method: string,
  host: string | undefined,
  origin: string | undefined,
  fetchSite: string | undefined,
) {
  if (["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase())) return false;
  if (origin && origin !== "null") {
    try {
      return new URL(origin).host !== host;
    } catch {
      return true;
    }
  }
  // "null": a sandboxed frame, a redirect chain, or a page sent with `Referrer-Policy: no-referrer`
  // (the embedded CMS's /authorize form). Only the browser's own same-origin verdict lets it through.
  if (origin === "null") return fetchSite !== "same-origin";
  return fetchSite === "cross-site";
}

/** The largest request body accepted (forms, API calls); uploads get their own limits. */
export const MAX_BODY_BYTES = 1_000_000;

/**
 * Why a request's body is refused, if it is: over the limit (413), or streamed with no length
 * (411), which would let a stranger make the server read without bound.
 */
export function bodyRefusal(
  method: string,
  contentLength: string | undefined,
  transferEncoding: string | undefined,
  max = MAX_BODY_BYTES,
) {
  if (["GET", "HEAD", "OPTIONS"].includes(method.toUpperCase())) return null;
  if (contentLength === undefined) {
    return transferEncoding ? { status: 411, message: "A request body needs a Content-Length." } : null;
  }
  const length = Number(contentLength);
  if (!Number.isSafeInteger(length) || length < 0) return { status: 400, message: "Bad Content-Length." };
  if (length > max) return { status: 413, message: "The request is too large." };
  return null;
}
