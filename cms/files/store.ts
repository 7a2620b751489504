/**
 * Documents: PDFs and images kept in the database (the `files` table), downloaded at
 * `/api/v1/cognito/default/file/{id}`. What a file is comes from its first bytes, never from its
 * name or a client's say-so: anything that is not a PDF or a common image is refused.
 */
import { createHash } from "node:crypto";

import { eq } from "drizzle-orm";

import type { Db } from "../db/client";
import { files } from "../db/schema";
import { readByteSlice } from "../lib/byte-range";

/** The largest document accepted. */
export const MAX_FILE_BYTES = 20 * 2 ** 20;

export class FileRejected extends Error {}

const ascii = (text: string) => Array.from(text, (ch) => ch.charCodeAt(0));
const startsWith = (bytes: Uint8Array, sig: number[], at = 0) => sig.every((b, i) => bytes[at + i] === b);

/** The type of a PDF or image by its magic bytes; null for anything else. */
export function sniffFileType(bytes: Uint8Array): string | null {
  if (startsWith(bytes, ascii("%PDF-"))) return "application/pdf";
  if (startsWith(bytes, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (startsWith(bytes, [0xff, 0xd8, 0xff])) return "image/jpeg";
  if (startsWith(bytes, ascii("GIF87a")) || startsWith(bytes, ascii("GIF89a"))) return "image/gif";
  if (startsWith(bytes, ascii("RIFF")) && startsWith(bytes, ascii("WEBP"), 8)) return "image/webp";
  if (startsWith(bytes, ascii("ftypavif"), 4) || startsWith(bytes, ascii("ftypavis"), 4)) return "image/avif";
  return null;
}

/** A file's strong ETag value (unquoted): the first 32 hex digits of its SHA-256. */
export function fileEtag(bytes: Uint8Array) {
  return createHash("sha256").update(bytes).digest("hex").slice(0, 32);
}

/** Stores a document under its download name and returns its id; a file that is not a PDF or image is refused. */
export async function storeFile(db: Db, bytes: Uint8Array, name: string) {
  const mime = sniffFileType(bytes);
  if (!mime) throw new FileRejected("Only PDF and image files are accepted");
  if (bytes.length > MAX_FILE_BYTES) throw new FileRejected("File too large");
  const cleanName = name.trim() || "file";
  const [row] = await db
    .insert(files)
    .values({ name: cleanName, mime, size: bytes.length, etag: fileEtag(bytes), bytes })
    .returning({ id: files.id });
  return row.id;
}

/** A file's name, type, size and ETag (without its bytes); null when there is none. */
export async function getFileMeta(db: Db, id: number) {
  const [meta] = await db
    .select({ name: files.name, mime: files.mime, size: files.size, etag: files.etag })
    .from(files)
    .where(eq(files.id, id))
    .limit(1);
  return meta ?? null;
}

/** `length` bytes of a file from `start` (0-based): only those bytes leave the database. */
export function readFileBytes(db: Db, id: number, start: number, length: number) {
  return readByteSlice(db, files, { id: files.id, bytes: files.bytes }, id, start, length);
}
