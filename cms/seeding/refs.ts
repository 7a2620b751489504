/**
 * References from seeded pages to seeded media, so page JSON can name things whose ids and
 * hashes are only known once they are inserted. A string value that is exactly one of
 *
 *   "@image:<path under seeds/images>"      → the image's content hash (inserted if needed)
 *   "@image-url:<path under seeds/images>"  → a URL of the image: a WebP of its own shape, as wide
 *                                             as it is (for settings that hold a URL: the logos)
 *   "@video:<key in seeds/videos.json>"     → the video's id (a number)
 *   "@gallery:<gallery url>"                → the gallery's id (a number)
 *   "@group:<Namespace>/<Model>/<slug>"     → the group's id (a number)
 *   "@document:<key in seeds/documents.json>" → the document's file id (a number)
 *
 * (no spaces in the name) is replaced, anywhere inside the value. An unknown reference stops the
 * seed with its name.
 */
export const REFERENCE = /^@(image|image-url|video|gallery|group|document):(\S+)$/;

export type ReferenceKind = "image" | "image-url" | "video" | "gallery" | "group" | "document";

export class UnknownSeedReference extends Error {}

/** Every reference string inside a JSON value. */
export function findReferences(value: unknown, out: { kind: ReferenceKind; name: string; ref: string }[] = []) {
  if (typeof value === "string") {
    const m = REFERENCE.exec(value);
    if (m) out.push({ kind: m[1] as ReferenceKind, name: m[2], ref: value });
  } else if (Array.isArray(value)) {
    for (const v of value) findReferences(v, out);
  } else if (value && typeof value === "object") {
    for (const v of Object.values(value)) findReferences(v, out);
  }
  return out;
}

/** A copy of a JSON value with each reference replaced by what `resolve` gives for it. */
export async function resolveReferences<T>(
  value: T,
  resolve: (kind: ReferenceKind, name: string) => Promise<string | number | undefined> | string | number | undefined,
  where: string,
): Promise<T> {
  const walk = async (v: unknown): Promise<unknown> => {
    if (typeof v === "string") {
      const m = REFERENCE.exec(v);
      if (!m) return v;
      const found = await resolve(m[1] as ReferenceKind, m[2]);
      if (found === undefined) throw new UnknownSeedReference(`${where}: unknown reference "${v}"`);
      return found;
    }
    if (Array.isArray(v)) {
      const out: unknown[] = [];
      for (const item of v) out.push(await walk(item));
      return out;
    }
    if (v && typeof v === "object") {
      const out: Record<string, unknown> = {};
      for (const [k, item] of Object.entries(v)) out[k] = await walk(item);
      return out;
    }
    return v;
  };
  return (await walk(value)) as T;
}
