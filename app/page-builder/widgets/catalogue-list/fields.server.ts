import type { z } from "zod";

import { text, widgetFields } from "../../fields";

export const catalogueListFields = widgetFields({
  /** Whose categories: Catalogue/Product by default. */
  namespace: text("Catalogue"),
  model: text("Product"),
});

export type CatalogueListFields = z.output<typeof catalogueListFields>;
