import type { WidgetData, WidgetViewProps } from "../../define-widget";
import { GalleryView } from "../../shared/gallery-layouts";
import type { GalleryFields } from "./fields.server";
import type { load } from "./load.server";

type Props = WidgetViewProps<GalleryFields, WidgetData<typeof load>>;

/**
 * core/gallery: the photos of one gallery as a grid, a card grid with captions (shadowgrid), a
 * centred wrapping row (centeredgrid) or a sideways slider; thumbnails 400 wide at the widget's
 * aspect, each opening the photo at 1920 (in a lightbox with JavaScript unless useLightbox is off).
 */
export function GalleryWidgetView({ widget, fields, data, env }: Props) {
  if (!data || !Array.isArray(data.slides)) return null;
  return (
    <GalleryView
      id={widget.id}
      gallery={data}
      layout={fields.layout}
      columns={fields.gridWidth}
      useLightbox={fields.useLightbox}
      showHeading={fields.showHeading}
      heading={fields.heading || data.heading}
      subheading={fields.subheading || data.sub_heading}
      photo={env.photo ?? null}
    />
  );
}
