/**
 * `/admin/upload` (docs/back-office.md, "Uploads"): one multipart `file`, its kind found from its
 * first bytes, never its name or type: JPEG, PNG, WebP and GIF are images (stored by content hash
 * through the media area; the site makes their variants in the background once told), PDF is a
 * document, MP4 and WebM are videos. Anything else (an SVG too) is refused 415; each kind has
 * its size limit (413).
 */
import { randomUUID } from "node:crypto";

import type { Context } from "hono";

import { ApiError } from "../accounts/errors";
import type { CmsEnv } from "../context";
import type { Db } from "../db/client";
import { videos } from "../db/schema";
import type { ContentChange } from "../events";
import { storeFile } from "../files/store";
import { describeImage, ImageRejected, insertImage } from "../media/store";
import { writeAudit } from "./audit";
import { screenImage } from "./registry";

export type UploadKind = "image" | "file" | "video";

const MB = 2 ** 20;
export const UPLOAD_LIMITS: Record<UploadKind, number> = { image: 10 * MB, file: 20 * MB, video: 50 * MB };
export const ADMIN_UPLOAD_PATH = "/api/v1/cognito/admin/upload";
/** The body bound of the upload path: the largest kind and the form around it. */
export const ADMIN_UPLOAD_BODY_BYTES = UPLOAD_LIMITS.video + 64 * 1024;

const ascii = (text: string) => Array.from(text, (ch) => ch.charCodeAt(0));
const startsWith = (bytes: Uint8Array, sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);

/** The kind and type of an upload by its magic bytes; null for anything else. */
export function sniffUpload(bytes: Uint8Array): { kind: UploadKind; mime: string } | null {
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return { kind: "image", mime: "image/jpeg" };
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47])) return { kind: "image", mime: "image/png" };
  if (startsWith(bytes, ascii("GIF8"))) return { kind: "image", mime: "image/gif" };
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8))
    return { kind: "image", mime: "image/webp" };
  if (startsWith(bytes, ascii("%PDF-"))) return { kind: "file", mime: "application/pdf" };
  if (startsWith(bytes, [0x1a, 0x45, 0xdf, 0xa3])) return { kind: "video", mime: "video/webm" };
  // ISO media: MP4 brands only (an AVIF or HEIC picture has `ftyp` too).
  if (startsWith(bytes, ascii("ftyp"), 4)) {
    const brand = String.fromCharCode(...bytes.slice(8, 12));
    if (!/^(avi[fs]|hei[cx]|mif1|msf1)$/.test(brand)) return { kind: "video", mime: "video/mp4" };
  }
  return null;
}

/** 413 naming the limit; the body guard answers it too for a body over the largest kind's. */
export const uploadTooLarge = (limit = UPLOAD_LIMITS.video) =>
  new ApiError(413, "The file is too large", { errors: { file: [`must be at most ${limit / MB} MB`] } });

const unsupported = () =>
  new ApiError(415, "Only JPEG, PNG, WebP or GIF images, PDF documents and MP4 or WebM videos", {
    errors: { file: ["is not a supported type"] },
  });

/** Reads the one `file` of a multipart body; 400 when there is none. */
async function fileOf(c: Context): Promise<File> {
  const type = (c.req.header("content-type") ?? "").toLowerCase();
  let form: Record<string, unknown> = {};
  if (type.startsWith("multipart/form-data")) {
    try {
      form = await c.req.parseBody();
    } catch {
      form = {};
    }
  }
  const file = form.file;
  if (!(file instanceof File)) throw new ApiError(400, "No file sent", { errors: { file: ["is required"] } });
  return file;
}

export interface UploadAnswer {
  kind: UploadKind;
  key: string;
  uuid: string;
  name: string;
  image?: { hash: string; url: string };
}

/** Stores an upload and gives the answer and the change to announce. */
export async function upload(c: Context<CmsEnv>): Promise<{ data: UploadAnswer; change: ContentChange | null }> {
  const file = await fileOf(c);
  const head = new Uint8Array(await file.slice(0, 16).arrayBuffer());
  const sniffed = sniffUpload(head);
  if (!sniffed) throw unsupported();
  const limit = UPLOAD_LIMITS[sniffed.kind];
  if (file.size > limit) throw uploadTooLarge(limit);
  const bytes = new Uint8Array(await file.arrayBuffer());
  const name = file.name.replace(/[\\/\p{Cc}]/gu, "").slice(0, 200) || sniffed.kind;
  const uuid = randomUUID();
  const ctx = { userId: c.var.user.id, at: c.var.now };
  const db: Db = c.var.db;

  if (sniffed.kind === "image") {
    let described;
    try {
      described = await describeImage(bytes, name);
    } catch (error) {
      if (error instanceof ImageRejected) throw unsupported();
      throw error;
    }
    const stored = await db.transaction(async (tx) => {
      const image = await insertImage(tx, described);
      await writeAudit(tx, {
        ...ctx,
        model: "image",
        recordId: image.hash,
        action: "upload",
        after: { name, ...image },
      });
      return image;
    });
    const image = screenImage({ ...stored, placeholder: described.placeholder })!;
    // Told of a new image, the site walks its pages and makes the variants they name in the background.
    return {
      data: { kind: "image", key: image.hash, uuid, name, image },
      change: { paths: ["/api/v1/cognito/image/"] },
    };
  }
  if (sniffed.kind === "file") {
    const id = await db.transaction(async (tx) => {
      const fileId = await storeFile(tx, bytes, name);
      await writeAudit(tx, {
        ...ctx,
        model: "file",
        recordId: fileId,
        action: "upload",
        after: { name, size: bytes.length },
      });
      return fileId;
    });
    return { data: { kind: "file", key: `file/${id}`, uuid, name }, change: null };
  }
  const id = await db.transaction(async (tx) => {
    const [row] = await tx.insert(videos).values({ name, mime: sniffed.mime, bytes }).returning({ id: videos.id });
    await writeAudit(tx, {
      ...ctx,
      model: "video",
      recordId: row.id,
      action: "upload",
      after: { name, size: bytes.length },
    });
    return row.id;
  });
  return { data: { kind: "video", key: `video/${id}`, uuid, name }, change: null };
}
