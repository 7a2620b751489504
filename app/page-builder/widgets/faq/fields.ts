import { z } from "zod";

import { ref, text, widgetFields } from "../../fields";

export const faqFields = widgetFields({
  /** "Frequently asked questions" when empty. */
  heading: text(),
  /** A group whose questions follow the widget's own items. */
  group: ref(),
});

export type FaqFields = z.output<typeof faqFields>;

/** A question: one of the widget's items, or one loaded from its group. */
export const faqEntrySchema = z.object({
  id: ref(),
  name: text(),
  content: text(),
});

/** The questions in a list that parse; anything else in it is skipped. */
export function faqEntries(list: unknown) {
  return (Array.isArray(list) ? list : []).flatMap((entry) => {
    const parsed = faqEntrySchema.safeParse(entry);
    return parsed.success ? [parsed.data] : [];
  });
}
