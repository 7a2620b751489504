import type { z } from "zod";

import { buttonFields, imageHashes, oneOf, text, widgetFields } from "../../fields";

export const imageWithContentFields = widgetFields({
  heading: text(),
  html: text(),
  /** The image's side from md up: "left" is the start, "right" the end (mirrored right to left). */
  image_position: oneOf(["left", "right"], "left"),
  image_alt: text(),
  /** Its `image`. */
  imageHashes: imageHashes(),
  ...buttonFields,
});

export type ImageWithContentFields = z.output<typeof imageWithContentFields>;
