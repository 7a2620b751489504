import type { Page, Widget } from "@contract/pages";

import type { ItemHead, PhotoSet } from "./define-widget";
import { getWidget } from "./registry";
import { isWidgetVisible } from "./visibility";

/**
 * A photo's own page (decision 038): the page a gallery sits on, with `?gallery={widget id}&photo={n}`.
 * The widget names the gallery's place (its section, where the page leads back to) and the photos
 * as that gallery shows them; `n` counts from 1.
 */
export interface PhotoRequest {
  widget: string;
  number: number;
}

const WIDGET_ID = /^[\w.:-]{1,100}$/;
const NUMBER = /^[1-9]\d{0,3}$/;

/**
 * The photo a page's query asks for: null when it names no gallery (`?photo=` alone is a
 * product's own photo choice, which its page reads), "invalid" when `gallery` and `photo` are
 * not both there and well-formed (the page is then a 404, never the page itself).
 */
export function photoRequest(search: URLSearchParams): PhotoRequest | null | "invalid" {
  const widget = search.getAll("gallery");
  const photo = search.getAll("photo");
  if (widget.length === 0) return null;
  if (widget.length !== 1 || photo.length !== 1 || !WIDGET_ID.test(widget[0]) || !NUMBER.test(photo[0])) {
    return "invalid";
  }
  return { widget: widget[0], number: Number(photo[0]) };
}

/** The canonical address of a photo's page: its path with the two parameters, in this order only. */
export function photoPath(pathname: string, request: PhotoRequest) {
  const path = pathname.replace(/\/+$/, "") || "/";
  return `${path}?${new URLSearchParams({ gallery: request.widget, photo: String(request.number) })}`;
}

/**
 * The page as a photo's page: only the gallery widget it names, in its row (as a plain row, so a
 * tab panel does not hide it), without its frame (its background and spacing belong to its place
 * on the page). Null when no visible widget of the page's rows has that id; whether it shows
 * photos is known once it has loaded (`pagePhoto`).
 */
export function photoView(page: Page, widgetId: string, now: number): Page | null {
  for (const row of page.rows) {
    for (const block of row.blocks) {
      if (block.deleted) continue;
      const widget = block.widgets.find((w) => w.id === widgetId && isWidgetVisible(w, now));
      if (!widget) continue;
      const alone: Widget = { ...widget, wrapper: undefined };
      return {
        ...page,
        content: "",
        rows: [{ ...row, row_type: "columns", blocks: [{ ...block, offset: 0, width: 12, widgets: [alone] }] }],
        pageContents: [],
      };
    }
  }
  return null;
}

/** What a photo's page shows and is named after; null when the gallery has no such photo. */
export interface PagePhoto {
  number: number;
  count: number;
  set: PhotoSet;
}

export function pagePhoto(widgets: Widget[], data: Record<string, unknown>, request: PhotoRequest): PagePhoto | null {
  const widget = widgets.find((w) => w.id === request.widget);
  const set = widget ? getWidget(widget.type)?.photos(widget, data[widget.id]) : null;
  if (!set || request.number > set.photos.length) return null;
  return { number: request.number, count: set.photos.length, set };
}

/** A photo page's head: `{gallery} – photo N` (the caller words it), its caption, the photo itself. */
export function photoHead(photo: PagePhoto, title: string): ItemHead {
  const p = photo.set.photos[photo.number - 1];
  return { title, description: [p.heading, p.subHeading].filter(Boolean).join(": "), image: p.image };
}
