import type { z } from "zod";

import { number, text, widgetFields } from "../../fields";
import { pagingFields } from "../../paging/fields";

export const personListFields = widgetFields({
  heading: text(),
  /** Only this group's people (a slug or an id); empty means everyone. */
  group: text(),
  page_size: number(64, { min: 1, max: 100 }),
  /** Entries per page of what was loaded, the first skipped, and the pagination's classes (decision 071). */
  ...pagingFields,
});

export type PersonListFields = z.output<typeof personListFields>;
