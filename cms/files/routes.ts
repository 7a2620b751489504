/**
 * The documents route: `GET /api/v1/cognito/default/file/{id}` downloads a stored PDF or image
 * under its name (Content-Disposition: attachment, with an RFC 5987 `filename*` for names that
 * are not plain ASCII), with a strong ETag (If-None-Match → 304) and single byte ranges (206, or
 * 416 when unsatisfiable). The security headers (cms/lib/guards.ts) add a sandboxing CSP, so a
 * PDF opened on its own can run nothing. Anything that is not a stored file's id is a JSON 404.
 */
import { type Context, Hono } from "hono";

import type { CmsEnv } from "../context";
import { etagMatches, parseRange, sendBytes } from "../lib/byte-range";
import { found } from "../lib/http";
import { getFileMeta, readFileBytes } from "./store";

export const FILE_PATH = "/api/v1/cognito/default/file/";

/** A download name as plain ASCII for the quoted `filename`: anything else becomes `_`. */
function asciiName(name: string) {
  const safe = name.replace(/[^\x20-\x7e]|["\\/%;]/g, "_").trim();
  return safe || "file";
}

/** RFC 5987 encoding of a UTF-8 name (`filename*=UTF-8''…`). */
function encodedName(name: string) {
  return encodeURIComponent(name).replace(/['()*]/g, (ch) => `%${ch.charCodeAt(0).toString(16).toUpperCase()}`);
}

/** The Content-Disposition of a download named `name` (path separators and control characters dropped). */
export function contentDisposition(name: string) {
  // eslint-disable-next-line no-control-regex -- control characters are exactly what is removed
  const clean = name.replace(/[\u0000-\u001f\u007f/\\]/g, "").trim() || "file";
  const fallback = asciiName(clean);
  const value = `attachment; filename="${fallback}"`;
  return fallback === clean ? value : `${value}; filename*=UTF-8''${encodedName(clean)}`;
}

export const fileRoutes = new Hono<CmsEnv>().get("/:id{[1-9][0-9]{0,9}}", async (c) => serveFile(c));

async function serveFile(c: Context<CmsEnv>) {
  const id = Number(c.req.param("id"));
  const meta = found(id <= 2_147_483_647 ? await getFileMeta(c.var.db, id) : null, "File not found");
  const etag = `"${meta.etag}"`;
  const headers: Record<string, string> = {
    "Content-Type": meta.mime,
    "Content-Disposition": contentDisposition(meta.name),
    "Accept-Ranges": "bytes",
    ETag: etag,
    "Cache-Control": "public, max-age=3600",
  };
  if (etagMatches(c.req.header("if-none-match"), etag)) return c.body(null, 304, headers);
  // A range applies only to the copy the client has (If-Range), else the whole file is sent.
  const ifRange = c.req.header("if-range");
  const range = ifRange && ifRange.trim() !== etag ? null : parseRange(c.req.header("range"), meta.size);
  return sendBytes(
    c,
    meta.size,
    headers,
    range,
    (start, length) => readFileBytes(c.var.db, id, start, length),
    "File not found",
  );
}
