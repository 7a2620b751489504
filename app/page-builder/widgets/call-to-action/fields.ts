import type { z } from "zod";

import { imageHashes, text, widgetFields } from "../../fields";
import { buttonFields } from "../../shared/link-target";

export const callToActionFields = widgetFields({
  heading: text(),
  subheading: text(),
  html: text(),
  /** Its `left_image` and `right_image`. */
  imageHashes: imageHashes(),
  ...buttonFields,
});

export type CallToActionFields = z.output<typeof callToActionFields>;
