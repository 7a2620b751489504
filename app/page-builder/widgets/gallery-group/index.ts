import { defineWidget } from "../../define-widget";
import { galleryEnhancers } from "../../shared/gallery-layouts";
import { galleryGroupFields } from "./fields.server";
import { load } from "./load.server";
import { GalleryGroupView } from "./view";

export const galleryGroupWidget = defineWidget({
  type: "core/gallery_group",
  fields: galleryGroupFields,
  View: GalleryGroupView,
  load,
  acceptsItem: true,
  browser: false,
  // The cards are links; a gallery's own page shows its photos in the lightbox grid.
  enhance: (_, data) => galleryEnhancers(data?.gallery ?? null, "grid", true),
});
