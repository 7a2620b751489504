/** The vouchers area's GraphQL: the gift voucher themes. */
import type { GraphqlContext } from "../context";
import { MAX_LIST_ITEMS } from "../graphql/limits";
import { imageField } from "../media/graphql";
import { listVoucherThemes } from "./service";

export const vouchersTypeDefs = /* GraphQL */ `
  type CognitoGiftVoucherTheme {
    id: Int!
    name: String!
    image(width: Int = 400, aspect: String = "16x9"): CognitoImage
  }

  extend type Query {
    "Gift voucher themes in order."
    cognitoGiftVoucherThemes: [CognitoGiftVoucherTheme!]!
  }
`;

export const vouchersResolvers = {
  CognitoGiftVoucherTheme: { image: imageField },
  Query: {
    cognitoGiftVoucherThemes: (_: unknown, __: unknown, ctx: GraphqlContext) =>
      listVoucherThemes(ctx.db, MAX_LIST_ITEMS),
  },
};
