import { defineWidget } from "../../define-widget";
import { galleryNeedsBrowser } from "../../shared/gallery-layouts";
import { galleryFields } from "./fields.server";
import { load } from "./load.server";
import { GalleryWidgetView } from "./view";

export const galleryWidget = defineWidget({
  type: "core/gallery",
  fields: galleryFields,
  View: GalleryWidgetView,
  load,
  // The lightbox (PhotoSwipe) and the slider's buttons.
  browser: (fields, gallery) => galleryNeedsBrowser(gallery, fields.layout, fields.useLightbox),
});
