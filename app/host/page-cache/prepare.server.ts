import { createHash } from "node:crypto";
import { promisify } from "node:util";
import zlib from "node:zlib";

import { DEFERRED_MODULE_TYPE } from "~/shared/runtime-loader";

import { type CspSources, emptyCspSources } from "../security-headers.server";
import type { StoredPage } from "./store.server";

const gzip = promisify(zlib.gzip);
const brotli = promisify(zlib.brotliCompress);

/** A page as the render answered it, its body read whole. */
export interface RenderedPage {
  status: number;
  headers: Headers;
  body: Buffer;
}

/** The stored page, or why the render may not be stored (it still answers its own request). */
export type Preparation = { page: StoredPage; reason?: undefined } | { page: null; reason: string };

/** Headers an answer gets anew: never replayed from the render. */
const NOT_REPLAYED = new Set([
  "cache-control",
  "content-encoding",
  "content-length",
  "content-security-policy",
  "connection",
  "date",
  "keep-alive",
  "server-timing",
  "set-cookie",
  "transfer-encoding",
]);

/**
 * Script types a browser runs; any other type (JSON, JSON-LD) is data and needs no hash. The
 * deferred entry module is run later, from its text, by the runtime's loader: it needs one too.
 */
const EXECUTABLE_TYPES = new Set(["", "module", "text/javascript", "application/javascript", DEFERRED_MODULE_TYPE]);

/** `public, …, s-maxage=N, stale-while-revalidate=M` → { lifetime: N, stale: M }, or null when not shareable. */
export function sharedLifetime(cacheControl: string | null) {
  if (!cacheControl || !/(^|[\s,])public([\s,]|$)/i.test(cacheControl)) return null;
  if (/(^|[\s,])(private|no-store|no-cache)([\s,=]|$)/i.test(cacheControl)) return null;
  const seconds = (name: string) => {
    const match = new RegExp(`(?:^|[\\s,])${name}=(\\d+)`, "i").exec(cacheControl);
    return match ? Number(match[1]) : null;
  };
  const lifetime = seconds("s-maxage");
  if (lifetime === null || lifetime < 1) return null;
  return { lifetime, stale: seconds("stale-while-revalidate") ?? 0 };
}

/**
 * The CSP sources that allow a document's inline scripts by their SHA-256 hashes (the source
 * text as the HTML parser hands it to the script, line breaks normalised). External scripts
 * (`src`) are allowed by 'self' or a host; data blocks (JSON, JSON-LD) are not scripts.
 */
export function inlineScriptHashes(html: string): string[] {
  const hashes = new Set<string>();
  for (const match of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script\s*>/gi)) {
    const [, attributes, source] = match;
    if (/\ssrc\s*=/i.test(attributes)) continue;
    const type = /\stype\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i.exec(attributes);
    const typeName = (type?.[1] ?? type?.[2] ?? type?.[3] ?? "").trim().toLowerCase();
    if (!EXECUTABLE_TYPES.has(typeName)) continue;
    const digest = createHash("sha256").update(source.replace(/\r\n?/g, "\n"), "utf8").digest("base64");
    hashes.add(`'sha256-${digest}'`);
  }
  return [...hashes];
}

/**
 * Turns a render into a page to store: only a 200 HTML page that sets no cookie and says how long
 * shared caches may keep it (`public, s-maxage=N`, N ≥ 1: the lifetime, which already stops at the
 * page's next scheduled change). The render's nonce leaves the body; its inline scripts are
 * allowed by hash instead, so any number of answers share the body while each gets a fresh
 * nonce in its CSP. The body is compressed once, with brotli and gzip, at their best.
 */
export async function preparePage(
  rendered: RenderedPage,
  render: { nonce: string; cspExtra: CspSources; now: number },
): Promise<Preparation> {
  if (rendered.status !== 200) return { page: null, reason: `status ${rendered.status}` };
  if (rendered.headers.has("set-cookie")) return { page: null, reason: "it sets a cookie" };
  if (!/^text\/html\b/i.test(rendered.headers.get("content-type") ?? "")) return { page: null, reason: "not HTML" };
  const shared = sharedLifetime(rendered.headers.get("cache-control"));
  if (!shared) return { page: null, reason: "not shareable (Cache-Control)" };
  if (render.nonce.length < 16) return { page: null, reason: "no nonce to take out" };

  const html = rendered.body.toString("utf8").split(` nonce="${render.nonce}"`).join("");
  if (html.includes(render.nonce)) return { page: null, reason: "the nonce appears outside script attributes" };

  const identity = Buffer.from(html, "utf8");
  const [gzipped, brotlied] = await Promise.all([
    gzip(identity, { level: zlib.constants.Z_BEST_COMPRESSION }),
    brotli(identity, {
      params: {
        [zlib.constants.BROTLI_PARAM_MODE]: zlib.constants.BROTLI_MODE_TEXT,
        [zlib.constants.BROTLI_PARAM_QUALITY]: zlib.constants.BROTLI_MAX_QUALITY,
        [zlib.constants.BROTLI_PARAM_SIZE_HINT]: identity.length,
      },
    }),
  ]);

  const csp = emptyCspSources();
  for (const kind of Object.keys(csp) as (keyof CspSources)[]) csp[kind] = [...new Set(render.cspExtra[kind])];
  csp.script.push(...inlineScriptHashes(html));

  const headers: [string, string][] = [];
  rendered.headers.forEach((value, name) => {
    if (!NOT_REPLAYED.has(name.toLowerCase())) headers.push([name, value]);
  });
  return {
    page: {
      headers,
      identity,
      gzip: gzipped,
      br: brotlied,
      csp,
      renderedAt: render.now,
      expiresAt: render.now + shared.lifetime * 1000,
      staleSeconds: shared.stale,
    },
  };
}
