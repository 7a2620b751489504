import { inArray } from "drizzle-orm";
import type { Db } from "../db/client";
import { images } from "../db/schema";
import { imageRecord } from "./records";

export interface ImageOptions {
  aspect: string;
  width: number;
  extraAspects?: string[];
}

/** Image records (spec section 3, "Image") for a set of hashes, in one query, without the originals' bytes. */
export async function loadImageRecords(db: Db, hashes: (string | null | undefined)[], options: ImageOptions) {
  const wanted = [...new Set(hashes.filter((h): h is string => typeof h === "string" && h.length > 0))];
  const out = new Map<string, ReturnType<typeof imageRecord>>();
  if (wanted.length === 0) return out;
  const rows = await db
    .select({ hash: images.hash, width: images.width, height: images.height, placeholder: images.placeholder, mime: images.mime, name: images.name })
    .from(images)
    .where(inArray(images.hash, wanted));
  for (const row of rows) out.set(row.hash, imageRecord(row, options));
  return out;
}
