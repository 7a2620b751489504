/**
 * The GraphQL endpoint: the areas' type definitions and resolvers, assembled. Each area extends
 * `Query` with its own fields. The order below is the order of the schema's types and of Query's
 * fields (introspection shows it), so a new area goes last.
 */
import { createSchema, createYoga } from "graphql-yoga";

import { contentResolvers, contentTypeDefs } from "../content/graphql";
import type { GraphqlContext } from "../context";
import { galleriesResolvers, galleriesTypeDefs } from "../galleries/graphql";
import { mediaTypeDefs } from "../media/graphql";
import { pagesResolvers, pagesTypeDefs } from "../pages/graphql";
import { vouchersResolvers, vouchersTypeDefs } from "../vouchers/graphql";
import { graphqlLimits } from "./limits";

/** The pages' rows and blocks are free JSON. */
const jsonTypeDefs = /* GraphQL */ `
  scalar JSON
`;

/** The root type the areas extend (last: merged, it stands where the first area extends it). */
const queryTypeDefs = /* GraphQL */ `
  type Query
`;

const areaTypeDefs = [pagesTypeDefs, mediaTypeDefs, vouchersTypeDefs, galleriesTypeDefs, contentTypeDefs];
const areaResolvers = [pagesResolvers, vouchersResolvers, galleriesResolvers, contentResolvers];

const jsonResolvers = {
  JSON: {
    __serialize: (v: unknown) => v,
    __parseValue: (v: unknown) => v,
    __parseLiteral: () => null,
  } as never,
};

/** The GraphQL endpoint, bounded (see limits.ts); in `production` without introspection. */
export function createGraphql({ production }: { production: boolean }) {
  return createYoga<GraphqlContext>({
    graphqlEndpoint: "/graphql",
    graphiql: false,
    landingPage: false,
    maskedErrors: true,
    plugins: graphqlLimits({ production }),
    schema: createSchema<GraphqlContext>({
      typeDefs: [jsonTypeDefs, ...areaTypeDefs, queryTypeDefs],
      resolvers: [jsonResolvers, ...areaResolvers],
    }),
  });
}
