import type { z } from "zod";

import { text, widgetFields } from "../../fields";

export const htmlFields = widgetFields({
  html: text(),
  /** Read when html is empty. */
  content: text(),
});

export type HtmlFields = z.output<typeof htmlFields>;
