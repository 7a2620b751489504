import type { z } from "zod";

import { ref, text, widgetFields } from "../../fields";

export const faqFields = widgetFields({
  /** "Frequently asked questions" when empty. */
  heading: text(),
  /** A group whose questions follow the widget's own items. */
  group: ref(),
});

export type FaqFields = z.output<typeof faqFields>;
