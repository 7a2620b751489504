import type { z } from "zod";

import { number, text, widgetFields } from "~/page-builder/fields";

/** A widget made by the recipe in docs/architecture.md, for the test that proves the recipe. */
export const quotesFields = widgetFields({
  heading: text("Kind words"),
  /** Only this group's testimonials; empty means any. */
  group: text(),
  count: number(3, { min: 1, max: 12 }),
});

export type QuotesFields = z.output<typeof quotesFields>;
