import type { Video } from "@contract/media";
import type { Image } from "@contract/media";
import { getImageByHash, getVideo, imageHash } from "~/lib/api/media.server";

import type { WidgetLoadArgs } from "../../define-widget";
import type { HeroQuoteFields } from "./fields.server";

export interface HeroQuoteData {
  /** 16x9 at 1920. */
  background: Image | null;
  /** The original's shape at 300 wide (a logo or a portrait keeps its proportions). */
  overlay: Image | null;
  video: Video | null;
}

/** core/hero_quote: its background image or video (with poster) and its overlay image, in parallel. */
export async function load({ fields, widget, transport }: WidgetLoadArgs<HeroQuoteFields>): Promise<HeroQuoteData> {
  // An image hash sits in the fields (page blocks' variables) or on the widget itself.
  const hashOf = (name: string) => imageHash(fields, name) ?? imageHash(widget, name);
  const videoId = fields.background_video_id;
  const [background, overlay, video] = await Promise.all([
    getImageByHash(transport, hashOf("background_image"), "16x9", 1920),
    getImageByHash(transport, hashOf("overlay_image"), "orig", 300),
    videoId ? getVideo(transport, videoId, "16x9", 1920) : Promise.resolve(null),
  ]);
  return { background, overlay, video };
}
