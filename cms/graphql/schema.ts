import { createSchema, createYoga } from "graphql-yoga";
import type { Db } from "../db/client";
import { safeText } from "../lib/params";
import { loadPages, normalisePageUrl } from "../routes/pages";
import { mediaTypeDefs } from "../media/graphql";
import { contentResolvers, contentTypeDefs } from "./content";

const typeDefs = /* GraphQL */ `
  scalar JSON

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
  }

  type Query {
    "Every page with its rows and page blocks (pagesQuery)."
    cognitoPages(page_size: Int = 100, page: Int = 1): [CognitoPage!]!
    "One page by its url path (pageQuery)."
    cognitoPage(url: String!): CognitoPage
  }
`;

export interface GraphqlContext {
  db: Db;
}

const pageResolvers = {
  JSON: {
    __serialize: (v: unknown) => v,
    __parseValue: (v: unknown) => v,
    __parseLiteral: () => null,
  } as never,
  Query: {
    cognitoPages: (_: unknown, args: { page_size: number; page: number }, ctx: GraphqlContext) => {
      const limit = Math.min(Math.max(args.page_size, 1), 100);
      return loadPages(ctx.db, { limit, offset: (Math.max(args.page, 1) - 1) * limit }, true);
    },
    cognitoPage: async (_: unknown, args: { url: string }, ctx: GraphqlContext) => {
      if (!safeText(500).safeParse(args.url).success) return null;
      const [page] = await loadPages(ctx.db, { url: normalisePageUrl(args.url) }, true);
      return page ?? null;
    },
  },
};

export function createGraphql() {
  return createYoga<GraphqlContext>({
    graphqlEndpoint: "/graphql",
    graphiql: false,
    landingPage: false,
    maskedErrors: true,
    schema: createSchema<GraphqlContext>({
      typeDefs: [typeDefs, mediaTypeDefs, contentTypeDefs],
      resolvers: [pageResolvers, contentResolvers],
    }),
  });
}
