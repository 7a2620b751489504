import type { z } from "zod";

import { text, widgetFields } from "../../fields";

export const groupPromoFields = widgetFields({
  heading: text(),
  /** Whose categories: Catalogue/Product by default. */
  namespace: text("Catalogue"),
  model: text("Product"),
});

export type GroupPromoFields = z.output<typeof groupPromoFields>;
