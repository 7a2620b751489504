/** Which seed images the seeds name, so they can be described before the seed transaction. */
import { existsSync } from "node:fs";

import { groupImageFiles } from "../groups/seed";
import { seedImagePath } from "../media/seed";
import type { ContentSeeds, SeedData } from "./files";
import { findReferences, UnknownSeedReference } from "./refs";

/** Every image file the content seeds name (the videos' stills included: they are the posters). */
export function contentImageFiles(c: Partial<ContentSeeds>): string[] {
  return [
    ...(c.testimonials ?? []).map((t) => t.image),
    ...(c.people ?? []).map((p) => p.photo),
    ...(c.photos ?? []).map((p) => p.image),
    ...(c.galleries ?? []).flatMap((g) => g.slides.map((s) => s.image)),
    ...(c.voucherThemes ?? []).map((v) => v.image),
    ...(c.videos ?? []).map((v) => v.image),
  ].filter((f): f is string => typeof f === "string");
}

/** Whether `file` is a seed image (a path under seeds/images that exists). */
function isSeedImage(dir: string, file: string) {
  try {
    return existsSync(seedImagePath(dir, file));
  } catch {
    // a path outside seeds/images is no seed image either
    return false;
  }
}

/**
 * Every image file the seeds name: groups, products, slides, content records, and the
 * "@image:<path>" and "@image-url:<path>" references of the pages and the site's settings. A reference to a missing file fails the seed naming it.
 */
export function seedImageFiles(data: SeedData): Set<string> {
  const files = new Set<string>(groupImageFiles(data.groups));
  for (const p of data.products) p.photos.forEach((f) => files.add(f));
  for (const sl of data.slides) if (sl.image) files.add(sl.image);
  contentImageFiles(data).forEach((f) => files.add(f));
  const referring = [
    ["seeds/pages.json", data.pages],
    ["seeds/domain.json", data.domain.settings],
  ] as const;
  for (const [where, value] of referring) {
    for (const ref of findReferences(value)) {
      if (ref.kind !== "image" && ref.kind !== "image-url") continue;
      if (!isSeedImage(data.dir, ref.name)) {
        throw new UnknownSeedReference(`${where}: unknown reference "${ref.ref}" (no such file in seeds/images)`);
      }
      files.add(ref.name);
    }
  }
  return files;
}
