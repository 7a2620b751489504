import type { Gallery } from "~/lib/api/galleries.server";
import type { WidgetProps } from "../types";
import { bool, str } from "../types";
import { GalleryView, galleryLayout, gridWidth } from "./gallery-layouts";

/**
 * core/gallery: the photos of one gallery as a grid, a card grid with captions (shadowgrid), a
 * centred wrapping row (centeredgrid) or a sideways slider; thumbnails 400 wide at the widget's
 * aspect, each opening the photo at 1920 (in a lightbox with JavaScript unless useLightbox is off).
 */
export function GalleryWidget({ widget, data }: WidgetProps<Gallery | null | undefined>) {
  if (!data || !Array.isArray(data.slides)) return null;
  const f = widget.fields;
  return (
    <GalleryView
      id={widget.id}
      gallery={data}
      layout={galleryLayout(f.layout)}
      columns={gridWidth(f.gridWidth)}
      useLightbox={bool(f, "useLightbox", true)}
      showHeading={bool(f, "showHeading", true)}
      heading={str(f, "heading") || data.heading}
      subheading={str(f, "subheading") || data.sub_heading}
    />
  );
}
