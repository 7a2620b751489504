import { defineWidget } from "../../define-widget";
import { imageWithContentFields } from "./fields.server";
import { load } from "./load.server";
import { ImageWithContentView } from "./view";

export const imageWithContentWidget = defineWidget({
  type: "core/image_with_content",
  fields: imageWithContentFields,
  View: ImageWithContentView,
  load,
  shareImage: (fields, data) => (data?.image ? { image: data.image, alt: fields.image_alt } : null),
  browser: false,
});
