import type { z } from "zod";

import { imageHashes, oneOf, text, widgetFields } from "../../fields";

export const tplHeadingFields = widgetFields({
  title: text(),
  /** Read when title is empty. */
  heading: text(),
  subtitle: text(),
  /** "h1" makes it the page's title. */
  level: oneOf(["h1", "h2"], "h2"),
  /** Its `background_image`. */
  imageHashes: imageHashes(),
});

export type TplHeadingFields = z.output<typeof tplHeadingFields>;
