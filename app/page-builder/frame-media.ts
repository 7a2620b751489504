import type { Image } from "~/lib/api/schemas";

/** A frame's loaded background media: an image, or a video with its slate (poster) image. */
export interface FrameMedia {
  image: Image | null;
  video: { id: number; url: string; mime: string; poster: Image | null } | null;
  slate: Image | null;
}

/** Where a frame's media sits in the page's widget data: beside its widget's data, by the widget's id. */
export const frameKey = (widgetId: string) => `frame:${widgetId}`;

/**
 * True when a frame's background needs JavaScript in the browser: a video starts only after the
 * page has loaded, plays only while on screen and has a pause button. An image needs none.
 */
export function frameNeedsBrowser(media: unknown) {
  return typeof media === "object" && media !== null && Boolean((media as Partial<FrameMedia>).video);
}
