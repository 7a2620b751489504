import type { z } from "zod";

import { flag, oneOf, text, widgetFields } from "../../fields";

export const headingFields = widgetFields({
  text: text(),
  /** Read when text is empty. */
  heading: text(),
  level: oneOf(["h1", "h2", "h3", "h4"], "h2"),
  centered: flag(),
  /** Another name of `centered`. */
  center: flag(),
});

export type HeadingFields = z.output<typeof headingFields>;
