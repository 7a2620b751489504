import type { z } from "zod";

import { number, widgetFields } from "../../fields";

export const homeHeroFields = widgetFields({
  /** The slide group shown (8, the home page's, by default). */
  group: number(8, { min: 1, max: 1_000_000 }),
});

export type HomeHeroFields = z.output<typeof homeHeroFields>;
