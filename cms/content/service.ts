/**
 * The content area's service: the records of the generic-record API (spec section 7) — slides,
 * photos, testimonials, people and FAQs. Lists come a page at a time, of one Cognito group of the
 * record's model (by id or slug) or of every record; a list of an unknown group is null.
 */
import { eq } from "drizzle-orm";

import { answer } from "../contract/answer";
import { faqSchema, personSchema, slideSchema, testimonialSchema } from "../contract/content";
import type { Db } from "../db/client";
import { faqs, people, photos, slides, testimonials } from "../db/schema";
import { type GroupedPageRequest, pageOfGroup } from "../groups/service";
import { type ImageOptions, type ImageRecords, loadImageRecords, recordOf } from "../media/service";

type SlideRow = typeof slides.$inferSelect;

function serializeSlide(s: SlideRow, images: ImageRecords) {
  return answer(slideSchema, {
    id: s.id,
    group: s.groupId,
    heading: s.heading,
    sub_heading: s.subHeading,
    sub_heading_1: s.subHeading1,
    content: s.content,
    footer: s.footer,
    image: recordOf(images, s.imageHash),
    overlay_color: s.overlayColor,
    text_color: s.textColor,
    image_opacity: s.imageOpacity,
    image_saturation: s.imageSaturation,
    link: s.link,
    link_button_text: s.linkButtonText,
    link_target: s.linkTarget,
  });
}

/** Slides of a slideshow group, a page at a time. */
export async function listSlides(db: Db, request: GroupedPageRequest, image: ImageOptions) {
  const page = await pageOfGroup(db, slides, "Slide", request);
  if (!page) return null;
  const images = await loadImageRecords(
    db,
    page.rows.map((r) => r.imageHash),
    image,
  );
  return { data: page.rows.map((s) => serializeSlide(s, images)), paging: page.paging };
}

/** One slide by id; null when none. */
export async function getSlide(db: Db, id: number, image: ImageOptions) {
  const [row] = await db.select().from(slides).where(eq(slides.id, id)).limit(1);
  if (!row) return null;
  return serializeSlide(row, await loadImageRecords(db, [row.imageHash], image));
}

type PhotoRow = typeof photos.$inferSelect;

function serializePhoto(p: PhotoRow, images: ImageRecords) {
  return {
    id: p.id,
    group: p.groupId,
    name: p.name,
    description: p.description,
    image: recordOf(images, p.imageHash),
  };
}

/** Photos (the generic photo resource), of a group or all, a page at a time. */
export async function listPhotos(db: Db, request: GroupedPageRequest, image: ImageOptions) {
  const page = await pageOfGroup(db, photos, "Photo", request);
  if (!page) return null;
  const images = await loadImageRecords(
    db,
    page.rows.map((r) => r.imageHash),
    image,
  );
  return { data: page.rows.map((p) => serializePhoto(p, images)), paging: page.paging };
}

/** One photo by id; null when none. */
export async function getPhoto(db: Db, id: number, image: ImageOptions) {
  const [row] = await db.select().from(photos).where(eq(photos.id, id)).limit(1);
  if (!row) return null;
  return serializePhoto(row, await loadImageRecords(db, [row.imageHash], image));
}

/**
 * Testimonials, a page at a time; with their images at `image` when given (GraphQL asks for
 * none). A rating outside 1 to 5 is answered as none.
 */
export async function listTestimonials(db: Db, request: GroupedPageRequest, image?: ImageOptions) {
  const page = await pageOfGroup(db, testimonials, "Testimonial", request);
  if (!page) return null;
  const images: ImageRecords = image
    ? await loadImageRecords(
        db,
        page.rows.map((r) => r.imageHash),
        image,
      )
    : new Map();
  const data = page.rows.map((t) =>
    answer(testimonialSchema, {
      id: t.id,
      name: t.name,
      title: t.title,
      content: t.content,
      image: recordOf(images, t.imageHash),
      rating: t.rating !== null && t.rating >= 1 && t.rating <= 5 ? t.rating : null,
      group: t.groupId,
    }),
  );
  return { data, paging: page.paging };
}

/** People (the team), a page at a time, with their photos. */
export async function listPeople(db: Db, request: GroupedPageRequest, image: ImageOptions) {
  const page = await pageOfGroup(db, people, "Person", request);
  if (!page) return null;
  const images = await loadImageRecords(
    db,
    page.rows.map((r) => r.photoHash),
    image,
  );
  const data = page.rows.map((p) =>
    answer(personSchema, {
      id: p.id,
      first_name: p.firstName,
      last_name: p.lastName,
      title: p.title,
      description: p.description,
      photo: recordOf(images, p.photoHash),
      group: p.groupId,
    }),
  );
  return { data, paging: page.paging };
}

/** Frequently asked questions, a page at a time. */
export async function listFaqs(db: Db, request: GroupedPageRequest) {
  const page = await pageOfGroup(db, faqs, "Faq", request);
  if (!page) return null;
  const data = page.rows.map((f) =>
    answer(faqSchema, { id: f.id, name: f.name, content: f.content, group: f.groupId }),
  );
  return { data, paging: page.paging };
}
