/**
 * The content area's seeds, each an optional file in seeds/ (absent → none): `slides.json`,
 * `testimonials.json`, `people.json`, `faqs.json` and `photos.json`. Records name their group by slug and their
 * images by their path under seeds/images.
 */
import { z } from "zod";

import type { Db } from "../db/client";
import { faqs, people, photos, slides, testimonials } from "../db/schema";
import { type SeedHelpers, sortOrders } from "../seeding/helpers";

const image = z.string().min(1);

export const slideSeedsSchema = z
  .array(
    z.object({
      group: z.string(),
      heading: z.string().default(""),
      sub_heading: z.string().default(""),
      sub_heading_1: z.string().default(""),
      content: z.string().default(""),
      footer: z.string().default(""),
      image: z.string().optional(),
      link: z.string().default(""),
      link_button_text: z.string().default(""),
      link_target: z.string().default(""),
      overlay_color: z.string().nullable().default(null),
      text_color: z.string().nullable().default(null),
      image_opacity: z.number().int().nullable().default(null),
      image_saturation: z.number().int().nullable().default(null),
    }),
  )
  .default([]);

export const testimonialSeedsSchema = z
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
  .default([]);

export const personSeedsSchema = z
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
  .default([]);

export const faqSeedsSchema = z
  .array(z.object({ group: z.string().optional(), name: z.string(), content: z.string().default("") }))
  .default([]);

export const photoSeedsSchema = z
  .array(
    z.object({
      group: z.string().optional(),
      name: z.string(),
      description: z.string().default(""),
      image,
    }),
  )
  .default([]);

type Seeds<T extends z.ZodTypeAny> = z.infer<T>;

/** The group's id when a record names one, else null. */
const groupOf = (h: SeedHelpers, slug: string | undefined, model: string) => (slug ? h.groupId(slug, model) : null);

/** Inserts the slides; their sort orders count up over the whole file. */
export async function seedSlides(db: Db, seeds: Seeds<typeof slideSeedsSchema>, h: SeedHelpers) {
  for (const [i, sl] of seeds.entries()) {
    await db.insert(slides).values({
      groupId: h.groupId(sl.group, "Slide"),
      heading: sl.heading,
      subHeading: sl.sub_heading,
      subHeading1: sl.sub_heading_1,
      content: sl.content,
      footer: sl.footer,
      imageHash: await h.imageHash(sl.image),
      overlayColor: sl.overlay_color,
      textColor: sl.text_color,
      imageOpacity: sl.image_opacity,
      imageSaturation: sl.image_saturation,
      link: sl.link,
      linkButtonText: sl.link_button_text,
      linkTarget: sl.link_target,
      sortOrder: i,
    });
  }
}

/** Inserts testimonials, people, FAQs and photos; sort orders count up within each group, in file order. */
export async function seedRecords(
  db: Db,
  seeds: {
    testimonials?: Seeds<typeof testimonialSeedsSchema>;
    people?: Seeds<typeof personSeedsSchema>;
    faqs?: Seeds<typeof faqSeedsSchema>;
    photos?: Seeds<typeof photoSeedsSchema>;
  },
  h: SeedHelpers,
) {
  const testimonialOrder = sortOrders();
  for (const t of seeds.testimonials ?? []) {
    const groupId = groupOf(h, t.group, "Testimonial");
    const imageHash = await h.imageHash(t.image);
    const fields = { name: t.name, title: t.title, content: t.content, rating: t.rating };
    await db.insert(testimonials).values({ groupId, ...fields, imageHash, sortOrder: testimonialOrder(groupId) });
  }
  const personOrder = sortOrders();
  for (const p of seeds.people ?? []) {
    const groupId = groupOf(h, p.group, "Person");
    await db.insert(people).values({
      groupId,
      firstName: p.first_name,
      lastName: p.last_name,
      title: p.title,
      description: p.description,
      photoHash: await h.imageHash(p.photo),
      sortOrder: personOrder(groupId),
    });
  }
  const faqOrder = sortOrders();
  for (const f of seeds.faqs ?? []) {
    const groupId = groupOf(h, f.group, "Faq");
    await db.insert(faqs).values({ groupId, name: f.name, content: f.content, sortOrder: faqOrder(groupId) });
  }
  const photoOrder = sortOrders();
  for (const p of seeds.photos ?? []) {
    const groupId = groupOf(h, p.group, "Photo");
    const imageHash = await h.imageHash(p.image);
    if (!imageHash) throw new Error(`seeds/photos.json: ${p.name}: names no image`);
    const fields = { name: p.name, description: p.description, imageHash };
    await db.insert(photos).values({ groupId, ...fields, sortOrder: photoOrder(groupId) });
  }
}
