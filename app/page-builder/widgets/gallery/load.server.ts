import { getGallery, normaliseAspect } from "~/lib/api/galleries.server";

import type { WidgetLoadArgs } from "../../define-widget";
import { DEFAULT_LIGHTBOX_ASPECT, LIGHTBOX_WIDTH } from "../../shared/gallery-sizes";
import type { GalleryFields } from "./fields.server";

/** core/gallery: the gallery the widget names (fields.id, or fields.gallery), its slides at the widget's aspect. */
export function load({ fields, transport }: WidgetLoadArgs<GalleryFields>) {
  return getGallery(transport, fields.id ?? fields.gallery, {
    aspect: normaliseAspect(fields.aspect, "16x9"),
    width: LIGHTBOX_WIDTH,
    extraAspects: [normaliseAspect(fields.lightboxAspect, DEFAULT_LIGHTBOX_ASPECT)],
    limit: fields.limitSlides || undefined,
  });
}
