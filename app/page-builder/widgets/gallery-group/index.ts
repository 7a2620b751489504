import { defineWidget } from "../../define-widget";
import { plainText } from "../../item-head";
import { galleryEnhancers } from "../../shared/gallery-layouts";
import { photoSet } from "../../shared/gallery-photos";
import { galleryGroupFields } from "./fields.server";
import { load } from "./load.server";
import { GalleryGroupView } from "./view";

export const galleryGroupWidget = defineWidget({
  type: "core/gallery_group",
  fields: galleryGroupFields,
  View: GalleryGroupView,
  load,
  acceptsItem: true,
  // A gallery's page is about the gallery: its heading, its line and its first photo.
  itemHead: (_, data) => {
    const g = data?.gallery;
    if (!g) return null;
    return {
      title: g.heading || g.name,
      description: plainText(g.sub_heading),
      image: g.slides.find((s) => s.image)?.image ?? null,
    };
  },
  // On the list, the first gallery's card picture; a gallery's page says so through itemHead.
  shareImage: (_, data) => {
    const first = data?.galleries.find((g) => g.image);
    return first?.image ? { image: first.image, alt: first.heading || first.name } : null;
  },
  // A gallery's page: each of its photos has a page of its own.
  photos: (_, data) => (data?.gallery ? photoSet(data.gallery, data.gallery.heading || data.gallery.name) : null),
  browser: false,
  // The cards are links; a gallery's own page shows its photos in the lightbox grid.
  enhance: (_, data) => galleryEnhancers(data?.gallery ?? null, "grid", true),
});
