/** Definitions of the content models: slides, photos, testimonials, people, FAQs, galleries, voucher themes. */
import { eq, inArray } from "drizzle-orm";
import { z } from "zod";

import { faqs, galleries, gallerySlides, people, photos, slides, testimonials, voucherThemes } from "../../db/schema";
import { loadImageRows } from "../../media/service";
import { type ModelDef, screenImage } from "../registry";
import { colour, contentPaths, id, imageHash, longText, required, sortOrder, text } from "./fields";

const percent = z.number().int().min(0).max(100).nullable();

export const slide: ModelDef = {
  name: "slide",
  table: slides,
  create: z
    .object({
      group_id: id,
      heading: text().default(""),
      sub_heading: text().default(""),
      sub_heading_1: text().default(""),
      content: longText().default(""),
      footer: text().default(""),
      image_hash: imageHash.optional(),
      overlay_color: colour.optional(),
      text_color: colour.optional(),
      image_opacity: percent.optional(),
      image_saturation: percent.optional(),
      link: text(2000).default(""),
      link_button_text: text().default(""),
      link_target: text(40).default(""),
      sort_order: sortOrder.default(0),
    })
    .strict(),
  search: ["heading", "sub_heading", "content"],
  sort: ["sort_order", "id", "heading", "group_id"],
  images: ["image_hash"],
  html: ["content"],
  paths: () => contentPaths("slide"),
};

export const photo: ModelDef = {
  name: "photo",
  table: photos,
  create: z
    .object({
      group_id: id.nullable().optional(),
      name: text().default(""),
      description: longText(20_000).default(""),
      image_hash: imageHash.unwrap(),
      sort_order: sortOrder.default(0),
    })
    .strict(),
  search: ["name", "description"],
  sort: ["sort_order", "id", "name", "group_id"],
  images: ["image_hash"],
  paths: () => contentPaths("photo"),
};

export const testimonial: ModelDef = {
  name: "testimonial",
  table: testimonials,
  create: z
    .object({
      group_id: id.nullable().optional(),
      name: required(),
      title: text().default(""),
      content: longText().default(""),
      image_hash: imageHash.optional(),
      rating: z.number().int().min(1).max(5).nullable().optional(),
      sort_order: sortOrder.default(0),
    })
    .strict(),
  search: ["name", "title", "content"],
  sort: ["sort_order", "id", "name", "rating"],
  images: ["image_hash"],
  html: ["content"],
  paths: () => contentPaths("testimonial"),
};

export const person: ModelDef = {
  name: "person",
  table: people,
  create: z
    .object({
      group_id: id.nullable().optional(),
      first_name: required(),
      last_name: text().default(""),
      title: text().default(""),
      description: longText().default(""),
      photo_hash: imageHash.optional(),
      sort_order: sortOrder.default(0),
    })
    .strict(),
  search: ["first_name", "last_name", "title"],
  sort: ["sort_order", "id", "first_name", "last_name"],
  images: ["photo_hash"],
  html: ["description"],
  paths: () => contentPaths("person"),
};

export const faq: ModelDef = {
  name: "faq",
  table: faqs,
  create: z
    .object({
      group_id: id.nullable().optional(),
      name: required(1000),
      content: longText().default(""),
      sort_order: sortOrder.default(0),
    })
    .strict(),
  search: ["name", "content"],
  sort: ["sort_order", "id", "name"],
  html: ["content"],
  paths: () => contentPaths("faq"),
};

export const gallery: ModelDef = {
  name: "gallery",
  table: galleries,
  create: z
    .object({
      group_id: id.nullable().optional(),
      name: required(),
      url: required(200).regex(/^[a-z0-9-]+$/, "must be lower-case letters, digits and dashes"),
      heading: text().default(""),
      sub_heading: text().default(""),
      sort_order: sortOrder.default(0),
    })
    .strict(),
  search: ["name", "url", "heading"],
  sort: ["sort_order", "id", "name", "url"],
  paths: () => contentPaths("gallery"),
  // Its photos, in order, as `photos: [{ id, hash, url, heading, … }]`.
  async extend(db, records) {
    const ids = records.map((r) => r.id as number);
    if (ids.length === 0) return;
    const rows = await db
      .select()
      .from(gallerySlides)
      .where(inArray(gallerySlides.galleryId, ids))
      .orderBy(gallerySlides.sortOrder, gallerySlides.id);
    const loaded = await loadImageRows(
      db,
      rows.map((r) => r.imageHash),
    );
    for (const record of records) {
      record.photos = rows
        .filter((r) => r.galleryId === record.id)
        .map((r) => {
          const image = r.imageHash ? loaded.get(r.imageHash) : undefined;
          return {
            id: r.id,
            image: image ? screenImage(image) : null,
            heading: r.heading,
            sub_heading: r.subHeading,
            content: r.content,
            link: r.link,
            link_button_text: r.linkButtonText,
            sort_order: r.sortOrder,
          };
        });
    }
  },
};

export const voucherTheme: ModelDef = {
  name: "voucherTheme",
  table: voucherThemes,
  create: z.object({ name: required(), image_hash: imageHash.optional(), sort_order: sortOrder.default(0) }).strict(),
  search: ["name"],
  sort: ["sort_order", "id", "name"],
  images: ["image_hash"],
  paths: () => ["/api/v1/cognito/giftVoucher/themes"],
};

/** The slides of a gallery: exported for addPhoto and order. */
export const gallerySlidesOf = (galleryId: number) => eq(gallerySlides.galleryId, galleryId);
