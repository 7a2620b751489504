import { getImageByHash, imageHash } from "~/lib/api/media.server";
import type { Transport } from "~/lib/api/transport.server";

/** A widget's image by its name in `imageHashes`; no upstream call when there is no (well-formed) hash. */
export function widgetImage(
  fields: { imageHashes: Record<string, unknown> },
  name: string,
  { aspect, width }: { aspect: string; width: number },
  transport: Transport,
) {
  return getImageByHash(transport, imageHash(fields, name), aspect, width);
}
