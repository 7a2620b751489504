import type { z } from "zod";

import { ref, text, widgetFields } from "../../fields";

export const galleryGroupFields = widgetFields({
  heading: text(),
  /** The gallery group shown, by id or slug; none shows every gallery. */
  group: ref(),
});

export type GalleryGroupFields = z.output<typeof galleryGroupFields>;
