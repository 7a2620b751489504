import { defineWidget } from "../../define-widget";
import { galleryEnhancers } from "../../shared/gallery-layouts";
import { galleryFields } from "./fields.server";
import { load } from "./load.server";
import { GalleryWidgetView } from "./view";

export const galleryWidget = defineWidget({
  type: "core/gallery",
  fields: galleryFields,
  View: GalleryWidgetView,
  load,
  browser: false,
  // The lightbox (PhotoSwipe) and the slider's buttons.
  enhance: (fields, gallery) => galleryEnhancers(gallery, fields.layout, fields.useLightbox),
});
