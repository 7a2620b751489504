import { defineWidget } from "../../define-widget";
import { galleryEnhancers } from "../../shared/gallery-layouts";
import { galleryShareImage, photoSet } from "../../shared/gallery-photos";
import { galleryFields } from "./fields.server";
import { load } from "./load.server";
import { GalleryWidgetView } from "./view";

export const galleryWidget = defineWidget({
  type: "core/gallery",
  fields: galleryFields,
  View: GalleryWidgetView,
  load,
  // Its first photo stands for the page; each photo has a page of its own.
  shareImage: (fields, gallery) => galleryShareImage(gallery, fields.heading || gallery?.heading || ""),
  photos: (fields, gallery) =>
    gallery && Array.isArray(gallery.slides) ? photoSet(gallery, fields.heading || gallery.heading) : null,
  browser: false,
  // The lightbox (PhotoSwipe) and the slider's buttons.
  enhance: (fields, gallery) => galleryEnhancers(gallery, fields.layout, fields.useLightbox),
});
