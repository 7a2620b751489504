/**
 * The galleries area's GraphQL: the galleries of a group, and one gallery with its slides. Bad
 * arguments answer null or [], never an error.
 */
import type { GraphqlContext } from "../context";
import { MAX_LIST_ITEMS } from "../graphql/limits";
import { groupParam } from "../lib/params";
import { imageAt, imageField } from "../media/graphql";
import { loadImageRows, recordOf } from "../media/service";
import { findGalleries, findGallery } from "./service";

export const galleriesTypeDefs = /* GraphQL */ `
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

  extend type Query {
    "Galleries, of one group (id or slug) when given."
    cognitoGallerys(group: String): [CognitoGallerySummary!]!
    "One gallery by id or url."
    cognitoGallery(id: String!, aspect: String = "4x3", width: Int = 400): CognitoGallery
  }
`;

type GalleryArgs = { id: string; aspect?: string | null; width?: number | null };

export const galleriesResolvers = {
  CognitoGallerySummary: { image: imageField },
  Query: {
    cognitoGallerys: async (_: unknown, args: { group?: string | null }, ctx: GraphqlContext) => {
      const group = groupParam.safeParse(args.group);
      if (!group.success) return [];
      const found = await findGalleries(ctx.db, { group: group.data, page: 1, pageSize: MAX_LIST_ITEMS });
      if (!found) return [];
      const images = await loadImageRows(ctx.db, [...found.firsts.values()]);
      return found.rows.map((g) => ({
        id: g.id,
        url: g.url,
        name: g.name,
        heading: g.heading,
        sub_heading: g.subHeading,
        imageRow: recordOf(images, found.firsts.get(g.id)),
      }));
    },
    cognitoGallery: async (_: unknown, args: GalleryArgs, ctx: GraphqlContext) => {
      if (typeof args.id !== "string" || args.id.length > 100) return null;
      const gallery = await findGallery(ctx.db, args.id.trim());
      if (!gallery) return null;
      const images = await loadImageRows(
        ctx.db,
        gallery.slides.map((s) => s.imageHash),
      );
      const imageArgs = { aspect: args.aspect, width: args.width };
      return {
        id: gallery.id,
        url: gallery.url,
        name: gallery.name,
        heading: gallery.heading,
        sub_heading: gallery.subHeading,
        slides: gallery.slides.map((s) => ({
          id: s.id,
          heading: s.heading,
          sub_heading: s.subHeading,
          content: s.content,
          link: s.link,
          link_button_text: s.linkButtonText,
          image: imageAt(recordOf(images, s.imageHash), imageArgs),
        })),
      };
    },
  },
};
