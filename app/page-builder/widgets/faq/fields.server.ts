import type { z } from "zod";

import { ref, text, widgetFields } from "../../fields";
import { pagingFields } from "../../paging/fields";

export const faqFields = widgetFields({
  /** "Frequently asked questions" when empty. */
  heading: text(),
  /** A group whose questions follow the widget's own items. */
  group: ref(),
  /** Questions per page, the first skipped, and the pagination's classes (decision 071). */
  ...pagingFields,
});

export type FaqFields = z.output<typeof faqFields>;
