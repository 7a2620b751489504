/**
 * The seeded content records: testimonials, people, FAQs, galleries with their slides, gift
 * voucher themes and background videos. Each comes from an optional file in seeds/ (absent → none).
 * Records name their group by slug (a Cognito group of the record's model) and images by their
 * path under seeds/images.
 */
import { z } from "zod";
import type { Db } from "./db/client";
import { faqs, galleries, gallerySlides, people, testimonials, videos, voucherThemes } from "./db/schema";

const image = z.string().min(1);

export const contentSeedFilesSchema = {
  testimonials: z
    .array(
      z.object({
        group: z.string().optional(),
        name: z.string(),
        title: z.string().default(""),
        content: z.string().default(""),
        image: image.optional(),
        rating: z.number().int().min(1).max(5).nullable().default(null),
      }),
    )
    .default([]),
  people: z
    .array(
      z.object({
        group: z.string().optional(),
        first_name: z.string(),
        last_name: z.string().default(""),
        title: z.string().default(""),
        description: z.string().default(""),
        photo: image.optional(),
      }),
    )
    .default([]),
  faqs: z.array(z.object({ group: z.string().optional(), name: z.string(), content: z.string().default("") })).default([]),
  galleries: z
    .array(
      z.object({
        group: z.string().optional(),
        name: z.string(),
        url: z.string().regex(/^[\w-]{1,100}$/, "must be letters, digits, - and _"),
        heading: z.string().default(""),
        sub_heading: z.string().default(""),
        slides: z
          .array(
            z.object({
              image: image.optional(),
              link: z.string().default(""),
              heading: z.string().default(""),
              sub_heading: z.string().default(""),
              content: z.string().default(""),
              link_button_text: z.string().default(""),
            }),
          )
          .default([]),
      }),
    )
    .default([]),
  voucherThemes: z.array(z.object({ name: z.string(), image: image.optional() })).default([]),
  /** Background videos made at seed time from a still (see seed-media.ts); pages name them by key. */
  videos: z
    .array(
      z.object({
        key: z.string().regex(/^[\w-]{1,50}$/, "must be letters, digits, - and _"),
        name: z.string().default(""),
        image: image,
        seconds: z.number().min(1).max(8).default(6),
      }),
    )
    .default([]),
};

/** Seed file names that differ from their key. */
export const CONTENT_SEED_FILE_NAMES: Partial<Record<keyof typeof contentSeedFilesSchema, string>> = {
  voucherThemes: "voucher-themes",
};

export type ContentSeeds = { [K in keyof typeof contentSeedFilesSchema]: z.infer<(typeof contentSeedFilesSchema)[K]> };

/** Every image file the content seeds name (the videos' stills included: they are the posters). */
export function contentImageFiles(c: Partial<ContentSeeds>): string[] {
  return [
    ...(c.testimonials ?? []).map((t) => t.image),
    ...(c.people ?? []).map((p) => p.photo),
    ...(c.galleries ?? []).flatMap((g) => g.slides.map((s) => s.image)),
    ...(c.voucherThemes ?? []).map((v) => v.image),
    ...(c.videos ?? []).map((v) => v.image),
  ].filter((f): f is string => typeof f === "string");
}

export interface ContentSeedHelpers {
  /** Inserts (once) the image at a path under seeds/images and gives its hash. */
  imageHash(file: string | undefined): Promise<string | null>;
  /** The id of a Cognito group of a model by slug; throws naming it when absent. */
  groupId(slug: string, model: string): number;
  /** The prepared MP4 of each video by key. */
  videoBytes: Map<string, Uint8Array>;
}

/** What pages may refer to once the content is in. */
export interface SeededContent {
  videoIds: Map<string, number>;
  galleryIds: Map<string, number>;
}

/** Inserts the content records; sort orders count up within each group, in file order. */
export async function seedContent(db: Db, c: Partial<ContentSeeds>, h: ContentSeedHelpers): Promise<SeededContent> {
  const counters = new Map<string, number>();
  const next = (model: string, groupId: number | null) => {
    const key = `${model}:${groupId ?? ""}`;
    const n = counters.get(key) ?? 0;
    counters.set(key, n + 1);
    return n;
  };
  const group = (slug: string | undefined, model: string) => (slug ? h.groupId(slug, model) : null);

  for (const t of c.testimonials ?? []) {
    const groupId = group(t.group, "Testimonial");
    await db.insert(testimonials).values({
      groupId,
      name: t.name,
      title: t.title,
      content: t.content,
      imageHash: await h.imageHash(t.image),
      rating: t.rating,
      sortOrder: next("Testimonial", groupId),
    });
  }
  for (const p of c.people ?? []) {
    const groupId = group(p.group, "Person");
    await db.insert(people).values({
      groupId,
      firstName: p.first_name,
      lastName: p.last_name,
      title: p.title,
      description: p.description,
      photoHash: await h.imageHash(p.photo),
      sortOrder: next("Person", groupId),
    });
  }
  for (const f of c.faqs ?? []) {
    const groupId = group(f.group, "Faq");
    await db.insert(faqs).values({ groupId, name: f.name, content: f.content, sortOrder: next("Faq", groupId) });
  }
  const galleryIds = new Map<string, number>();
  for (const g of c.galleries ?? []) {
    const groupId = group(g.group, "Gallery");
    const [row] = await db
      .insert(galleries)
      .values({ groupId, name: g.name, url: g.url, heading: g.heading, subHeading: g.sub_heading, sortOrder: next("Gallery", groupId) })
      .returning({ id: galleries.id });
    galleryIds.set(g.url, row.id);
    for (const [i, s] of g.slides.entries()) {
      await db.insert(gallerySlides).values({
        galleryId: row.id,
        imageHash: await h.imageHash(s.image),
        link: s.link,
        heading: s.heading,
        subHeading: s.sub_heading,
        content: s.content,
        linkButtonText: s.link_button_text,
        sortOrder: i,
      });
    }
  }
  for (const [i, v] of (c.voucherThemes ?? []).entries()) {
    await db.insert(voucherThemes).values({ name: v.name, imageHash: await h.imageHash(v.image), sortOrder: i });
  }
  const videoIds = new Map<string, number>();
  for (const v of c.videos ?? []) {
    const bytes = h.videoBytes.get(v.key);
    if (!bytes) throw new Error(`seeds/videos.json: video "${v.key}" was not prepared`);
    const [row] = await db
      .insert(videos)
      .values({ name: v.name, mime: "video/mp4", posterHash: await h.imageHash(v.image), bytes })
      .returning({ id: videos.id });
    videoIds.set(v.key, row.id);
  }
  return { videoIds, galleryIds };
}
