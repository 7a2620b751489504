/**
 * The media area's GraphQL: the CognitoImage type, and the `image` field other areas' types use.
 * Image rows are loaded once per list (batched); each `image` field then makes its record at the
 * aspect and width it is asked for, with no further query.
 */
import { imageRecord, type ImageRow } from "./records";

export const mediaTypeDefs = /* GraphQL */ `
  type CognitoImage {
    url: String!
    webp_url: String!
    avif_url: String!
    placeholder: String!
    aspect: String!
    width: Int!
    height: Int!
  }
`;

/** A parent object carrying the row its `image` field is made from. */
export type WithImageRow = { imageRow: ImageRow | null };
export type ImageArgs = { width?: number | null; aspect?: string | null };

/** An image record at the asked aspect and width; null when there is no image or the width is not 1 to 4000. */
export function imageAt(row: ImageRow | null, args: ImageArgs) {
  if (!row) return null;
  const width = args.width ?? undefined;
  if (width !== undefined && !(Number.isInteger(width) && width >= 1 && width <= 4000)) return null;
  if (args.aspect != null && args.aspect.length > 16) return null;
  return imageRecord(row, { aspect: args.aspect ?? undefined, width });
}

/** The resolver of an `image(width, aspect)` field on a parent that carries its image row. */
export const imageField = (parent: WithImageRow, args: ImageArgs) => imageAt(parent.imageRow, args);
