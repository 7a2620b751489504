import { inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { images } from "../db/schema";
import { imageRecord, type ImageRow } from "./records";

export interface ImageOptions {
  aspect: string;
  width: number;
  extraAspects?: string[] | string;
}

/** The rows records are made from, for a set of hashes, in one query, without the originals' bytes. */
export async function loadImageRows(db: Db, hashes: (string | null | undefined)[]) {
  const wanted = [...new Set(hashes.filter((h): h is string => typeof h === "string" && h.length > 0))];
  const out = new Map<string, ImageRow>();
  if (wanted.length === 0) return out;
  const rows = await db
    .select({ hash: images.hash, width: images.width, height: images.height, placeholder: images.placeholder })
    .from(images)
    .where(inArray(images.hash, wanted));
  for (const row of rows) out.set(row.hash, row);
  return out;
}

/** Image records (spec section 3, "Image") for a set of hashes, in one query. */
export async function loadImageRecords(db: Db, hashes: (string | null | undefined)[], options: ImageOptions) {
  const out = new Map<string, ReturnType<typeof imageRecord>>();
  for (const [hash, row] of await loadImageRows(db, hashes)) out.set(hash, imageRecord(row, options));
  return out;
}
