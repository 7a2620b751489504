/** The galleries area's seeds: `galleries.json` (optional), galleries with their slides. */
import { z } from "zod";

import type { Db } from "../db/client";
import { galleries, gallerySlides } from "../db/schema";
import { type SeedHelpers, sortOrders } from "../seeding/helpers";

export const gallerySeedsSchema = z
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
            image: z.string().min(1).optional(),
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
  .default([]);

type GallerySeed = z.infer<typeof gallerySeedsSchema>[number];

/** Inserts the galleries (sort orders within each group) and their slides; gives each gallery's id by url. */
export async function seedGalleries(db: Db, seeds: GallerySeed[], h: SeedHelpers) {
  const ids = new Map<string, number>();
  const nextOrder = sortOrders();
  for (const g of seeds) {
    const groupId = g.group ? h.groupId(g.group, "Gallery") : null;
    const fields = { name: g.name, url: g.url, heading: g.heading, subHeading: g.sub_heading };
    const [row] = await db
      .insert(galleries)
      .values({ groupId, ...fields, sortOrder: nextOrder(groupId) })
      .returning({ id: galleries.id });
    ids.set(g.url, row.id);
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
  return ids;
}
