import type { Image } from "@contract/media";
import type { EnhancerName } from "~/enhancers/names";

/** A frame's loaded background media: an image, or a video with its slate (poster) image. */
export interface FrameMedia {
  image: Image | null;
  video: { id: number; url: string; mime: string; poster: Image | null } | null;
  slate: Image | null;
}

/** Where a frame's media sits in the page's widget data: beside its widget's data, by the widget's id. */
export const frameKey = (widgetId: string) => `frame:${widgetId}`;

/**
 * The enhancers a frame's background needs: a video starts only after the page has loaded, plays
 * only while on screen and has a pause button (the background-video enhancer). An image needs none.
 */
export function frameEnhancers(media: unknown): readonly EnhancerName[] {
  const video = typeof media === "object" && media !== null && Boolean((media as Partial<FrameMedia>).video);
  return video ? ["background-video"] : [];
}
