import type { z } from "zod";

import { text, widgetFields } from "../../fields";

export const linkChildrenFields = widgetFields({
  /** The parent whose links are listed; none lists nothing. */
  parent: text(),
  /** "Links" when empty. */
  heading: text(),
});

export type LinkChildrenFields = z.output<typeof linkChildrenFields>;
