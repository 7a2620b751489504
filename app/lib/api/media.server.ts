import { z } from "zod";

import { type Image, imageAnswerSchema, type Video, videoAnswerSchema } from "@contract/media";

import { CacheLong, CacheShort } from "./cache-strategies";
import { noneOn404 } from "./fields";
import type { Transport } from "./transport.server";

const hashSchema = z.string().regex(/^[0-9a-f]{32}$/);

/** An image hash from a widget's or page block's `imageHashes`, when it is a well-formed one. */
export function imageHash(holder: unknown, name: string): string | null {
  const hashes = (holder as { imageHashes?: unknown } | null)?.imageHashes;
  const value = hashes && typeof hashes === "object" ? (hashes as Record<string, unknown>)[name] : undefined;
  return typeof value === "string" && hashSchema.safeParse(value).success ? value : null;
}

/**
 * One image record by its content hash at an aspect and width (spec: POST image/getByHash);
 * null when the hash is malformed or unknown. Records never change for a hash: cached an hour.
 */
export function getImageByHash(
  t: Transport,
  hash: string | null,
  aspect: string,
  width: number,
): Promise<Image | null> {
  if (!hash || !hashSchema.safeParse(hash).success) return Promise.resolve(null);
  const body = { hash, image_aspect: aspect, image_width: width };
  return t
    .post("/api/v1/cognito/image/getByHash", imageAnswerSchema, body, { cache: CacheLong })
    .then((r) => r.data)
    .catch(noneOn404(null));
}

/** A background video (`/v/{id}.mp4`) with its poster (slate) image at an aspect and width; null when unknown. */
export function getVideo(t: Transport, id: unknown, aspect = "16x9", width = 1920): Promise<Video | null> {
  const n = Number(id);
  if (!Number.isInteger(n) || n < 1 || n > 2_147_483_647) return Promise.resolve(null);
  const query = { image_aspect: aspect, image_width: width };
  return (
    t
      // By id, not by content: a video or its poster can be replaced, so it is rechecked within a minute.
      .get(`/api/v1/cognito/video/${n}`, videoAnswerSchema, query, { cache: CacheShort })
      .then((r) => r.data)
      .catch(noneOn404(null))
  );
}
