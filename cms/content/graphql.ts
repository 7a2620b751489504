/** The content area's GraphQL: testimonials. Bad arguments answer [], never an error. */
import type { GraphqlContext } from "../context";
import { MAX_LIST_ITEMS } from "../graphql/limits";
import { groupParam } from "../lib/params";
import { listTestimonials } from "./service";

export const contentTypeDefs = /* GraphQL */ `
  type CognitoTestimonial {
    id: Int!
    name: String!
    title: String!
    content: String!
    rating: Int
  }

  extend type Query {
    "Testimonials, of one group (id or slug) when given."
    cognitoTestimonials(group: String): [CognitoTestimonial!]!
  }
`;

export const contentResolvers = {
  Query: {
    cognitoTestimonials: async (_: unknown, args: { group?: string | null }, ctx: GraphqlContext) => {
      const group = groupParam.safeParse(args.group);
      if (!group.success) return [];
      const list = await listTestimonials(ctx.db, { group: group.data, page: 1, pageSize: MAX_LIST_ITEMS });
      return (list?.data ?? []).map(({ id, name, title, content, rating }) => ({ id, name, title, content, rating }));
    },
  },
};
