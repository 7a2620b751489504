import { defineWidget } from "../../define-widget";
import { galleryFields } from "./fields";
import { load } from "./load.server";
import { GalleryWidgetView } from "./view";

export const galleryWidget = defineWidget({
  type: "core/gallery",
  fields: galleryFields,
  View: GalleryWidgetView,
  load,
});
