import { z } from "zod";

import { flag, number, oneOf, ref, text, widgetFields } from "../../fields";
import { LAYOUTS } from "../../shared/gallery-layouts";

/** gridWidth: 1 to 6 columns on large screens; anything else (null) is the responsive default. */
const gridWidth = () =>
  z
    .union([z.number(), z.string().trim().min(1)])
    .pipe(z.coerce.number().int().min(1).max(6))
    .nullable()
    .catch(null);

export const galleryFields = widgetFields({
  /** The gallery shown, by id or url (`gallery` is an older name of it). */
  id: ref(),
  gallery: ref(),
  layout: oneOf(LAYOUTS, "grid"),
  gridWidth: gridWidth(),
  /** The thumbnails' aspect (16x9 when empty or not offered), and the lightbox's (the original's). */
  aspect: text(),
  lightboxAspect: text(),
  /** At most this many photos; 0 is all. */
  limitSlides: number(0, { min: 0, max: 500 }),
  useLightbox: flag(true),
  showHeading: flag(true),
  /** The gallery's own heading and subheading when empty. */
  heading: text(),
  subheading: text(),
});

export type GalleryFields = z.output<typeof galleryFields>;
