import type { Gallery, GalleryImage, GallerySummary } from "@contract/galleries";
import type { Widget } from "@contract/pages";

import { testVariant } from "./test-images";

/** Galleries and widgets for the gallery widgets' tests (rendering and loaders). */

export const HASH = (n: number) => String(n).padStart(32, "a");

/** A slide's image as the gallery endpoint gives it: 4x3 at 1920, with the original's shape as an extra aspect. */
export const photo = (n: number, extra: Partial<GalleryImage["extra_aspects"][number]> = {}): GalleryImage => ({
  ...testVariant(HASH(n), "4x3", 1920, 1440),
  extra_aspects: [{ ...testVariant(HASH(n), "orig", 1920, 1280), ...extra }],
});

export const gallery = (over: Partial<Gallery> = {}): Gallery => ({
  id: 4,
  name: "Kitchens",
  url: "kitchens",
  heading: "Kitchen tables",
  sub_heading: "Made for long lunches",
  group: "Showcase",
  slides: [
    {
      id: 1,
      image: photo(1),
      link: "",
      heading: "Yandina table",
      sub_heading: "Spotted gum",
      content: "",
      link_button_text: "",
    },
    { id: 2, image: null, link: "", heading: "No picture", sub_heading: "", content: "", link_button_text: "" },
    {
      id: 3,
      image: photo(3),
      link: "",
      heading: "Montville bench",
      sub_heading: "",
      content: "",
      link_button_text: "",
    },
  ],
  ...over,
});

export const widget = (
  type: string,
  fields: Record<string, unknown> = {},
  items: Record<string, unknown>[] = [],
): Widget => ({
  id: "w9",
  type,
  sort: 0,
  deleted: false,
  fields,
  items,
});

export const summary = (id: number, url: string, heading: string): GallerySummary => ({
  id,
  name: heading,
  url,
  heading,
  sub_heading: `${heading} we made`,
  group: "Showcase",
  image: { ...testVariant(HASH(id), "4x3", 300, 225), extra_aspects: [] },
  slide_count: 6,
});
