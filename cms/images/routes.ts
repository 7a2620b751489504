/**
 * The image and video service:
 *
 * - `GET /assets/i/{hash}/{aspect}/{width}.{ext}`: a variant (see variants.ts), cached for a year
 *   with a strong ETag; also the spec's scaled form `{w}x{h}:{width}.{ext}`, answered with the
 *   offered width at or above `w`.
 * - `POST /api/v1/cognito/image/getByHash`: an image record (see records.ts).
 * - `GET /v/{id}.mp4`: a background video, with single byte-range requests.
 *
 * Everything that is not a valid name of something stored is a JSON 404.
 */
import { Hono, type Context } from "hono";
import { HTTPException } from "hono/http-exception";
import { eq, sql } from "drizzle-orm";
import { z } from "zod";
import type { CmsEnv } from "../context";
import { images, videos } from "../db/schema";
import { notFound } from "../lib/http";
import { isImageHash, snapWidth } from "./aspects";
import { imageRecord } from "./records";
import { getVariant, parseVariant, variantEtag } from "./variants";

export const IMMUTABLE = "public, max-age=31536000, immutable";

/** `{width}.{ext}`, optionally with the spec's scaled prefix `{w}x{h}:`. */
const FILE = /^(?:([1-9]\d{0,4})x([1-9]\d{0,4}):)?([1-9]\d{0,4})\.([a-z]{3,4})$/;

/** Whether an If-None-Match header matches a strong ETag (weak comparison, as RFC 9110 asks). */
export function etagMatches(ifNoneMatch: string | undefined, etag: string) {
  if (!ifNoneMatch) return false;
  if (ifNoneMatch.trim() === "*") return true;
  return ifNoneMatch.split(",").some((tag) => tag.trim().replace(/^W\//, "") === etag);
}

export type ByteRange = { start: number; end: number };

/**
 * One byte range from a Range header for a body of `size` bytes: the range (end inclusive),
 * "unsatisfiable", or null when the header is absent, malformed or asks for several ranges (then
 * the whole body is sent).
 */
export function parseRange(header: string | undefined, size: number): ByteRange | "unsatisfiable" | null {
  if (!header) return null;
  const m = /^\s*bytes\s*=\s*(\d*)\s*-\s*(\d*)\s*$/i.exec(header);
  if (!m || (m[1] === "" && m[2] === "")) return null;
  if (m[1] === "") {
    const suffix = Number(m[2]);
    if (suffix === 0 || size === 0) return "unsatisfiable";
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === "" ? size - 1 : Number(m[2]);
  if (m[2] !== "" && end < start) return null;
  if (start >= size) return "unsatisfiable";
  return { start, end: Math.min(end, size - 1) };
}

const width = z.preprocess(
  (v) => (v === null || v === "" ? undefined : v),
  z.coerce.number({ invalid_type_error: "must be a number" }).int().min(1).max(10_000).optional(),
);
const aspectText = z.string().max(16);
const getByHashBody = z.object({
  hash: z.string().regex(/^[0-9a-f]{32}$/, "must be 32 lowercase hex digits"),
  image_aspect: aspectText.nullish(),
  image_width: width,
  extra_aspects: z.union([z.array(aspectText.nullable()).max(16), z.string().max(200)]).nullish(),
});

async function jsonBody(c: Context) {
  try {
    return await c.req.json();
  } catch {
    throw new HTTPException(400, { message: "body: must be a JSON object" });
  }
}

/** The image and video routes; variants are cached under `cacheDir`. */
export function imageRoutes(cacheDir: string) {
  return new Hono<CmsEnv>()
    .get("/assets/i/:hash/:aspect/:file", async (c) => {
      const { hash, aspect, file } = c.req.param();
      const m = FILE.exec(file);
      if (!m || !isImageHash(hash)) notFound("Image not found");
      const [, scaledWidth, , width, ext] = m;
      const key = parseVariant(hash, aspect, width, ext);
      if (!key) notFound("Image not found");
      // The scaled form: the offered width at or above the one asked for (a bounded set again).
      if (scaledWidth) key.width = snapWidth(Number(scaledWidth));

      const etag = variantEtag(key);
      const headers = { ETag: etag, "Cache-Control": IMMUTABLE };
      if (etagMatches(c.req.header("if-none-match"), etag)) return c.body(null, 304, headers);

      const variant = await getVariant(c.var.db, cacheDir, key.hash, key.aspect, key.width, key.ext);
      if (!variant) notFound("Image not found");
      return c.body(new Uint8Array(variant.bytes), 200, {
        ...headers,
        "Content-Type": variant.contentType,
        "Content-Length": String(variant.bytes.length),
      });
    })
    .post("/api/v1/cognito/image/getByHash", async (c) => {
      const parsed = getByHashBody.safeParse(await jsonBody(c));
      if (!parsed.success) {
        const issue = parsed.error.issues[0];
        throw new HTTPException(400, { message: `${issue.path.join(".") || "body"}: ${issue.message}` });
      }
      const body = parsed.data;
      const [row] = await c.var.db
        .select({ hash: images.hash, width: images.width, height: images.height, placeholder: images.placeholder })
        .from(images)
        .where(eq(images.hash, body.hash))
        .limit(1);
      if (!row) notFound("Image not found");
      return c.json({
        data: imageRecord(row, { aspect: body.image_aspect, width: body.image_width, extraAspects: body.extra_aspects }),
      });
    })
    .get("/v/:file", async (c) => {
      const m = /^([1-9]\d{0,9})\.mp4$/.exec(c.req.param("file"));
      const id = m ? Number(m[1]) : NaN;
      if (!(id <= 2_147_483_647)) notFound("Video not found");
      const [meta] = await c.var.db
        .select({ size: sql<number>`octet_length(${videos.bytes})`.mapWith(Number), mime: videos.mime })
        .from(videos)
        .where(eq(videos.id, id))
        .limit(1);
      if (!meta) notFound("Video not found");
      const headers: Record<string, string> = {
        "Content-Type": meta.mime || "video/mp4",
        "Accept-Ranges": "bytes",
        "Cache-Control": IMMUTABLE,
      };
      const range = parseRange(c.req.header("range"), meta.size);
      if (range === "unsatisfiable") {
        return c.body(null, 416, { ...headers, "Content-Range": `bytes */${meta.size}` });
      }
      // Only the asked-for bytes leave the database.
      const start = range?.start ?? 0;
      const length = range ? range.end - range.start + 1 : meta.size;
      const [slice] = await c.var.db
        .select({ bytes: sql<Uint8Array>`substring(${videos.bytes} from ${start + 1} for ${length})` })
        .from(videos)
        .where(eq(videos.id, id))
        .limit(1);
      if (!slice) notFound("Video not found");
      const body = new Uint8Array(slice.bytes);
      headers["Content-Length"] = String(body.length);
      if (!range) return c.body(body, 200, headers);
      headers["Content-Range"] = `bytes ${range.start}-${range.end}/${meta.size}`;
      return c.body(body, 206, headers);
    });
}
