/**
 * The media area's seeds: the images every other seed names (files under seeds/images, described
 * once per process and per seeds folder, outside any transaction) and `videos.json` (optional):
 * background videos made at seed time from a still (see seed-video.ts), which pages name by key.
 */
import { readFileSync } from "node:fs";
import path from "node:path";

import { z } from "zod";

import type { Db } from "../db/client";
import { videos } from "../db/schema";
import { seedVideoBytes } from "./seed-video";
import { type DescribedImage, describeImage, insertImage } from "./store";

export const videoSeedsSchema = z
  .array(
    z.object({
      key: z.string().regex(/^[\w-]{1,50}$/, "must be letters, digits, - and _"),
      name: z.string().default(""),
      image: z.string().min(1),
      seconds: z.number().min(1).max(8).default(6),
    }),
  )
  .default([]);

type VideoSeed = z.infer<typeof videoSeedsSchema>[number];

/** The file of a seed image, refusing paths that leave seeds/images. */
export function seedImagePath(dir: string, file: string) {
  const root = path.resolve(dir, "images");
  const full = path.resolve(root, file);
  if (!full.startsWith(root + path.sep)) throw new Error(`seeds: bad image path ${file}`);
  return full;
}

const described = new Map<string, Promise<Map<string, DescribedImage>>>();

/** The seed images `files`, read and described (in parallel) once per seeds folder and set of files. */
export function describeSeedImages(dir: string, files: Set<string>) {
  const key = `${dir}|${[...files].sort().join(",")}`;
  let pending = described.get(key);
  if (!pending) {
    const describe = async (file: string) => {
      const image = await describeImage(readFileSync(seedImagePath(dir, file)), file);
      return [file, image] as const;
    };
    pending = Promise.all([...files].map(describe)).then((entries) => new Map(entries));
    pending.catch(() => described.delete(key));
    described.set(key, pending);
  }
  return pending;
}

/** `imageHash(file)` for the seeds: inserts a described seed image (once) and gives its hash. */
export function seedImageInserter(db: Db, seedImages: Map<string, DescribedImage>) {
  return async (file: string | undefined) => {
    if (!file) return null;
    const image = seedImages.get(file);
    if (!image) throw new Error(`seeds/images/${file}: missing`);
    return (await insertImage(db, image)).hash;
  };
}

/** The background videos the seeds declare, made (once per process) from their stills. */
export async function prepareSeedVideos(dir: string, seeds: VideoSeed[]) {
  const entries = await Promise.all(
    seeds.map(async (v) => [v.key, await seedVideoBytes(seedImagePath(dir, v.image), v.seconds)] as const),
  );
  return new Map(entries);
}

/** Inserts the prepared videos, their stills as posters; gives each video's id by key. */
export async function seedVideos(
  db: Db,
  seeds: VideoSeed[],
  prepared: Map<string, Uint8Array>,
  imageHash: (file: string) => Promise<string | null>,
) {
  const ids = new Map<string, number>();
  for (const v of seeds) {
    const bytes = prepared.get(v.key);
    if (!bytes) throw new Error(`seeds/videos.json: video "${v.key}" was not prepared`);
    const [row] = await db
      .insert(videos)
      .values({ name: v.name, mime: "video/mp4", posterHash: await imageHash(v.image), bytes })
      .returning({ id: videos.id });
    ids.set(v.key, row.id);
  }
  return ids;
}
