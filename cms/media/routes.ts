/**
 * The media area's routes, the image and video service:
 *
 * - `GET /assets/i/{hash}/{aspect}/{width}.{ext}`: a variant (see variants.ts), cached for a year
 *   with a strong ETag; also the spec's scaled form `{w}x{h}:{width}.{ext}`, answered with the
 *   offered width at or above `w`. One that must be made waits in the bounded encode queue
 *   (`X-Encode-Priority: background` puts it behind every visitor's); a full queue is a 503, and a
 *   client that asks for too many new ones gets 429s, both with Retry-After and a stand-in
 *   picture (stand-in.ts). `Server-Timing` says whether it came from this instance's disk, the
 *   store every instance shares (`stored`), or was made.
 * - `GET /assets/i/{hash}/1200x630/1200.{ext}`: a share image, and `1200x630-{rrggbb}` a card of the
 *   image on one of the site's brand colours (share.ts; any other colour is a 404).
 * - `POST /api/v1/cognito/image/getByHash`: an image record (see records.ts).
 * - `GET|POST /api/v1/cognito/video/{id}`: a background video's record, with its poster.
 * - `GET /v/{id}.mp4`: a background video, with single byte-range requests.
 *
 * Everything that is not a valid name of something stored is a JSON 404.
 */
import { type Context, Hono } from "hono";
import { z } from "zod";

import type { CmsEnv } from "../context";
import type { Db } from "../db/client";
import { etagMatches, parseRange, sendBytes } from "../lib/byte-range";
import { found, notFound, parseJsonBody, parseRequest, pathId } from "../lib/http";
import { idFromText, imageOptions, imageParams } from "../lib/params";
import { getCurrentDomain } from "../site/service";
import { isImageHash, snapWidth } from "./aspects";
import type { EncodeQueue } from "./encode-queue";
import { clientAddress, encodeRateLimit } from "./rate-limit";
import { getImageRecord, getVideoRecord, getVideoSize, readVideoBytes } from "./service";
import { groundOf, isShareFrame, shareFrameGround } from "./share";
import { standInFor } from "./stand-in";
import type { VariantStorage } from "./variant-store";
import { getVariant, parseVariant, type Variant, variantEtag, type VariantKey, VariantRefused } from "./variants";

export const IMMUTABLE = "public, max-age=31536000, immutable";

/** `{width}.{ext}`, optionally with the spec's scaled prefix `{w}x{h}:`. */
const FILE = /^(?:([1-9]\d{0,4})x([1-9]\d{0,4}):)?([1-9]\d{0,4})\.([a-z]{3,4})$/;

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

export interface MediaRoutesOptions {
  /** Where variants are kept (variant-store.ts). */
  storage: VariantStorage;
  /** This instance's disk copies, where a refused request's stand-in is looked for (stand-in.ts). */
  cacheDir: string;
  /** The encode queue (default: the process's). */
  queue?: EncodeQueue;
}

/** The image and video routes. */
export function mediaRoutes({ storage, cacheDir, queue }: MediaRoutesOptions) {
  return new Hono<CmsEnv>()
    .get("/assets/i/:hash/:aspect/:file", async (c) => {
      const { hash, aspect, file } = c.req.param();
      const m = FILE.exec(file);
      if (!m || !isImageHash(hash)) notFound("Image not found");
      const [, scaledWidth, , width, ext] = m;
      const key = parseVariant(hash, aspect, width, ext);
      if (!key) notFound("Image not found");
      if (isShareFrame(key.aspect)) {
        // A share image has one size; a card, one of the site's own colours.
        const ground = shareFrameGround(key.aspect);
        if (scaledWidth || (ground && !(await isBrandGround(c.var.db, ground)))) notFound("Image not found");
      } else if (scaledWidth) {
        // The scaled form: the offered width at or above the one asked for (a bounded set again).
        key.width = snapWidth(Number(scaledWidth));
      }

      const etag = variantEtag(key);
      const headers = { ETag: etag, "Cache-Control": IMMUTABLE };
      if (etagMatches(c.req.header("if-none-match"), etag)) return c.body(null, 304, headers);

      const started = performance.now();
      const client = clientAddress(c);
      let variant: Variant | null;
      try {
        variant = await getVariant(c.var.db, storage, key.hash, key.aspect, key.width, key.ext, {
          queue,
          priority: c.req.header("x-encode-priority") === "background" ? "background" : "visitor",
          // Only a request that would start an encode is counted; a call from the same process is not.
          admit: client ? () => encodeRateLimit.take(client) : undefined,
        });
      } catch (error) {
        if (error instanceof VariantRefused) return refused(c, cacheDir, key, error);
        throw error;
      }
      if (!variant) notFound("Image not found");
      return c.body(new Uint8Array(variant.bytes), 200, {
        ...headers,
        "Content-Type": variant.contentType,
        "Content-Length": String(variant.bytes.length),
        "Server-Timing": variantTiming(variant.source, performance.now() - started),
      });
    })
    .post("/api/v1/cognito/image/getByHash", async (c) => {
      const body = await parseJsonBody(c, getByHashBody);
      const options = { aspect: body.image_aspect, width: body.image_width, extraAspects: body.extra_aspects };
      return c.json({ data: found(await getImageRecord(c.var.db, body.hash, options), "Image not found") });
    })
    .on(["GET", "POST"], "/api/v1/cognito/video/:id{[0-9]+}", async (c) => {
      const q = await parseRequest(c, z.object(imageParams("16x9", 1920)).passthrough());
      const id = pathId(c, "Video");
      return c.json({ data: found(await getVideoRecord(c.var.db, id, imageOptions(q)), "Video not found") });
    })
    .get("/v/:file", async (c) => {
      const m = /^([1-9]\d{0,9})\.mp4$/.exec(c.req.param("file"));
      const id = m ? idFromText(m[1]) : null;
      if (id === null) notFound("Video not found");
      return serveVideo(c, id);
    });
}

/** Whether `ground` ("7c4a1e") is the site's theme colour or its dark theme colour. */
async function isBrandGround(db: Db, ground: string) {
  const site = (await getCurrentDomain(db)) as Record<string, unknown> | null;
  return site !== null && [site.theme_colour, site.dark_theme_colour].some((colour) => groundOf(colour) === ground);
}

/**
 * Says where a variant came from: `variant;desc="disk"`, or `"stored"` (the shared store),
 * `"made"`, `"twin"` or `"shared"` (an encode another request or instance made) with its time.
 */
function variantTiming(source: Variant["source"], ms: number) {
  return source === "disk" ? `variant;desc="disk"` : `variant;desc="${source}";dur=${ms.toFixed(1)}`;
}

/**
 * A variant that cannot be made now: the status (429 or 503) and Retry-After, with a stand-in
 * picture as the body (see stand-in.ts), never stored by any cache. A 404 when the image is unknown.
 */
async function refused(c: Context<CmsEnv>, cacheDir: string, key: VariantKey, refusal: VariantRefused) {
  const standIn = await standInFor(c.var.db, cacheDir, key);
  if (!standIn) notFound("Image not found");
  return c.body(new Uint8Array(standIn.bytes), refusal.status, {
    "Retry-After": String(refusal.retryAfter),
    "Cache-Control": "no-store",
    "Content-Type": standIn.contentType,
    "Content-Length": String(standIn.bytes.length),
    "Server-Timing": `variant;desc="stand-in"`,
  });
}

/** A video's bytes, all of them or the one range asked for; only those bytes leave the database. */
async function serveVideo(c: Context<CmsEnv>, id: number) {
  const meta = found(await getVideoSize(c.var.db, id), "Video not found");
  const headers: Record<string, string> = {
    "Content-Type": meta.mime || "video/mp4",
    "Accept-Ranges": "bytes",
    "Cache-Control": IMMUTABLE,
  };
  const range = parseRange(c.req.header("range"), meta.size);
  return sendBytes(
    c,
    meta.size,
    headers,
    range,
    (start, length) => readVideoBytes(c.var.db, id, start, length),
    "Video not found",
  );
}
