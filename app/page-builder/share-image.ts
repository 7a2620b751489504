import type { Widget } from "@contract/pages";
import { type ShareImage, sharePathOf } from "~/lib/share-image";

import type { ItemHead } from "./define-widget";
import { frameKey, type FrameMedia } from "./frame-media";
import { getWidget } from "./registry";

/**
 * The picture that stands for a page in link previews (decision 038), as a 1200×630 share image:
 * an item view's item (a product's photo, a category's picture, a gallery's first photo, a photo's
 * page its photo); otherwise the first large picture of the page in reading order: for each widget,
 * its frame's background, then its own most prominent picture (`shareImage`: a hero's first slide,
 * a banner, a gallery's first photo). Portraits, logos and small side pictures are not offered.
 * Null when the page has none: the head keeps the brand card.
 */
export function pageShareImage(
  widgets: Widget[],
  data: Record<string, unknown>,
  item: ItemHead | null,
): ShareImage | null {
  const fromItem = sharePathOf(item?.image?.url);
  if (fromItem) return { path: fromItem, alt: item?.title ?? "" };
  for (const widget of widgets) {
    const frame = data[frameKey(widget.id)] as FrameMedia | undefined;
    const background = frame?.image ?? frame?.slate ?? frame?.video?.poster ?? null;
    const fromFrame = sharePathOf(background?.url);
    if (fromFrame) return { path: fromFrame, alt: "" };
    const own = getWidget(widget.type)?.shareImage(widget, data[widget.id]);
    const fromWidget = sharePathOf(own?.image.url);
    if (own && fromWidget) return { path: fromWidget, alt: own.alt };
  }
  return null;
}
