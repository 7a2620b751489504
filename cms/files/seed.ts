/**
 * The seeded documents (`seeds/documents.json`, optional): PDFs written at seed time from their
 * text (pdf.ts) and stored as files. Pages link to one with `"@document:<key>"`.
 */
import { z } from "zod";

import type { Db } from "../db/client";
import { makeDocumentPdf } from "./pdf";
import { storeFile } from "./store";

export const documentSeedsSchema = z
  .array(
    z.object({
      key: z.string().regex(/^[a-z0-9-]+$/),
      /** The name it downloads as. */
      name: z.string().min(1).max(200),
      title: z.string().min(1),
      subtitle: z.string().default(""),
      sections: z.array(z.object({ heading: z.string(), paragraphs: z.array(z.string()) })).min(1),
      footer: z.string().default(""),
    }),
  )
  .default([]);

export type DocumentSeeds = z.infer<typeof documentSeedsSchema>;

/** Makes each document's PDF (outside the seeding transaction: it is the slow part). */
export async function prepareSeedDocuments(seeds: DocumentSeeds, author: string) {
  const made = new Map<string, Uint8Array>();
  for (const d of seeds) made.set(d.key, await makeDocumentPdf(d, author));
  return made;
}

/** Stores the prepared documents; returns each one's file id by key. */
export async function seedDocuments(db: Db, seeds: DocumentSeeds, made: Map<string, Uint8Array>) {
  const ids = new Map<string, number>();
  for (const d of seeds) {
    const bytes = made.get(d.key);
    if (bytes) ids.set(d.key, await storeFile(db, bytes, d.name));
  }
  return ids;
}
