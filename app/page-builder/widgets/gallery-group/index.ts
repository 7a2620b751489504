import { defineWidget } from "../../define-widget";
import { galleryGroupFields } from "./fields";
import { load } from "./load.server";
import { GalleryGroupView } from "./view";

export const galleryGroupWidget = defineWidget({
  type: "core/gallery_group",
  fields: galleryGroupFields,
  View: GalleryGroupView,
  load,
  acceptsItem: true,
});
