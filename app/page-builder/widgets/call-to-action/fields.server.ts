import type { z } from "zod";

import { buttonFields, imageHashes, text, widgetFields } from "../../fields";

export const callToActionFields = widgetFields({
  heading: text(),
  subheading: text(),
  html: text(),
  /** Its `left_image` and `right_image`. */
  imageHashes: imageHashes(),
  ...buttonFields,
});

export type CallToActionFields = z.output<typeof callToActionFields>;
