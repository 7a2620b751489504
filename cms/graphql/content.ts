/**
 * GraphQL for the content records: gift voucher themes, galleries and testimonials. Image rows
 * are loaded once per list (batched); each `image` field then makes its record at the aspect and
 * width it is asked for, with no further query. Bad arguments answer null or [], never an error.
 */
import { asc, eq } from "drizzle-orm";
import type { Db } from "../db/client";
import { gallerySlides, galleries, testimonials, voucherThemes } from "../db/schema";
import { imageAt as recordOf, imageField } from "../media/graphql";
import { loadImageRows } from "../media/service";
import { findGallery, gallerySummaries } from "../routes/galleries";
import { findGroupId, groupParam } from "../routes/group-param";

export const contentTypeDefs = /* GraphQL */ `
  type CognitoGiftVoucherTheme {
    id: Int!
    name: String!
    image(width: Int = 400, aspect: String = "16x9"): CognitoImage
  }

  type CognitoGallerySummary {
    id: Int!
    url: String!
    name: String!
    heading: String!
    sub_heading: String!
    "The first slide's image."
    image(width: Int = 300, aspect: String = "4x3"): CognitoImage
  }

  type CognitoGallerySlide {
    id: Int!
    heading: String!
    sub_heading: String!
    content: String!
    link: String!
    link_button_text: String!
    "At the gallery query's aspect and width."
    image: CognitoImage
  }

  type CognitoGallery {
    id: Int!
    url: String!
    name: String!
    heading: String!
    sub_heading: String!
    slides: [CognitoGallerySlide!]!
  }

  type CognitoTestimonial {
    id: Int!
    name: String!
    title: String!
    content: String!
    rating: Int
  }

  extend type Query {
    "Gift voucher themes in order."
    cognitoGiftVoucherThemes: [CognitoGiftVoucherTheme!]!
    "Galleries, of one group (id or slug) when given."
    cognitoGallerys(group: String): [CognitoGallerySummary!]!
    "One gallery by id or url."
    cognitoGallery(id: String!, aspect: String = "4x3", width: Int = 400): CognitoGallery
    "Testimonials, of one group (id or slug) when given."
    cognitoTestimonials(group: String): [CognitoTestimonial!]!
  }
`;

/** The group's id, undefined for no group, or null when the group is malformed or unknown. */
async function groupFilter(db: Db, model: "Gallery" | "Testimonial", group: unknown) {
  const parsed = groupParam.safeParse(group);
  if (!parsed.success) return null;
  if (parsed.data === undefined) return undefined;
  return findGroupId(db, model, parsed.data);
}

export const contentResolvers = {
  CognitoGiftVoucherTheme: { image: imageField },
  CognitoGallerySummary: { image: imageField },
  Query: {
    cognitoGiftVoucherThemes: async (_: unknown, __: unknown, ctx: { db: Db }) => {
      const rows = await ctx.db.select().from(voucherThemes).orderBy(asc(voucherThemes.sortOrder), asc(voucherThemes.id));
      const images = await loadImageRows(ctx.db, rows.map((r) => r.imageHash));
      return rows.map((r) => ({ id: r.id, name: r.name, imageRow: (r.imageHash && images.get(r.imageHash)) || null }));
    },
    cognitoGallerys: async (_: unknown, args: { group?: string | null }, ctx: { db: Db }) => {
      const groupId = await groupFilter(ctx.db, "Gallery", args.group);
      if (groupId === null) return [];
      const rows = await ctx.db
        .select()
        .from(galleries)
        .where(groupId === undefined ? undefined : eq(galleries.groupId, groupId))
        .orderBy(asc(galleries.groupId), asc(galleries.sortOrder), asc(galleries.id))
        .limit(500);
      const { firsts } = await gallerySummaries(ctx.db, rows.map((g) => g.id));
      const images = await loadImageRows(ctx.db, [...firsts.values()]);
      return rows.map((g) => {
        const hash = firsts.get(g.id);
        return { ...galleryFields(g), imageRow: (hash && images.get(hash)) || null };
      });
    },
    cognitoGallery: async (_: unknown, args: { id: string; aspect?: string | null; width?: number | null }, ctx: { db: Db }) => {
      if (typeof args.id !== "string" || args.id.length > 100) return null;
      const gallery = await findGallery(ctx.db, args.id.trim());
      if (!gallery) return null;
      const slides = await ctx.db
        .select()
        .from(gallerySlides)
        .where(eq(gallerySlides.galleryId, gallery.id))
        .orderBy(asc(gallerySlides.sortOrder), asc(gallerySlides.id));
      const images = await loadImageRows(ctx.db, slides.map((s) => s.imageHash));
      const imageArgs = { aspect: args.aspect, width: args.width };
      return {
        ...galleryFields(gallery),
        slides: slides.map((s) => ({
          id: s.id,
          heading: s.heading,
          sub_heading: s.subHeading,
          content: s.content,
          link: s.link,
          link_button_text: s.linkButtonText,
          image: recordOf((s.imageHash && images.get(s.imageHash)) || null, imageArgs),
        })),
      };
    },
    cognitoTestimonials: async (_: unknown, args: { group?: string | null }, ctx: { db: Db }) => {
      const groupId = await groupFilter(ctx.db, "Testimonial", args.group);
      if (groupId === null) return [];
      const rows = await ctx.db
        .select()
        .from(testimonials)
        .where(groupId === undefined ? undefined : eq(testimonials.groupId, groupId))
        .orderBy(asc(testimonials.groupId), asc(testimonials.sortOrder), asc(testimonials.id))
        .limit(500);
      return rows.map((t) => ({ id: t.id, name: t.name, title: t.title, content: t.content, rating: t.rating }));
    },
  },
};

function galleryFields(g: typeof galleries.$inferSelect) {
  return { id: g.id, url: g.url, name: g.name, heading: g.heading, sub_heading: g.subHeading };
}
