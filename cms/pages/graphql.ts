/**
 * The pages area's GraphQL: every page (pagesQuery) and one page by url (pageQuery), with rows and
 * blocks as visitors see them now, and when that changes next.
 */
import type { GraphqlContext } from "../context";
import { MAX_LIST_ITEMS } from "../graphql/limits";
import { safeText } from "../lib/params";
import { getPage, listPages, normalisePageUrl } from "./service";

export const pagesTypeDefs = /* GraphQL */ `
  type CognitoPage {
    id: Int!
    name: String!
    slug: String!
    url: String!
    title: String!
    meta_description: String!
    updated_at: String!
    content: String!
    rows: JSON
    pageContents: JSON
    "When something on the page next appears or disappears (ISO); null when nothing is scheduled."
    next_change_at: String
  }

  extend type Query {
    "Every page with its rows and page blocks (pagesQuery)."
    cognitoPages(page_size: Int = 100, page: Int = 1): [CognitoPage!]!
    "One page by its url path (pageQuery)."
    cognitoPage(url: String!): CognitoPage
  }
`;

export const pagesResolvers = {
  Query: {
    cognitoPages: async (_: unknown, args: { page_size: number; page: number }, ctx: GraphqlContext) => {
      const pageSize = Math.min(Math.max(args.page_size, 1), MAX_LIST_ITEMS);
      const page = Math.max(args.page, 1);
      const { data } = await listPages(ctx.db, { page, pageSize, withBlocks: true, view: { now: ctx.now } });
      return data;
    },
    cognitoPage: async (_: unknown, args: { url: string }, ctx: GraphqlContext) => {
      if (!safeText(500).safeParse(args.url).success) return null;
      return getPage(ctx.db, normalisePageUrl(args.url), true, { now: ctx.now, notify: ctx.notify });
    },
  },
};
