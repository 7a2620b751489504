import type { Page } from "@contract/pages";
import { getImageByHash, getVideo, imageHash } from "~/lib/api/media.server";
import type { Transport } from "~/lib/api/transport.server";

import type { FrameMedia } from "./frame-media";
import { frameKey } from "./frame-media";
import { isBlockVisible, isWidgetVisible } from "./visibility";
import type { FrameSettings } from "./widget-frame";

/** Background images are drawn across the page: the original's shape at 1920 wide, cropped by CSS. */
const BACKGROUND = { aspect: "orig", width: 1920 } as const;

/** The frames a page will render, by widget id, with their wrapper settings. */
export function pageFrames(page: Page, now: number): { id: string; settings: FrameSettings }[] {
  const rows = page.rows.flatMap((row) =>
    row.blocks
      .filter((b) => !b.deleted)
      .flatMap((b) =>
        b.widgets.filter((w) => isWidgetVisible(w, now) && w.wrapper).map((w) => ({ id: w.id, settings: w.wrapper! })),
      ),
  );
  const blocks = page.pageContents
    .filter((pb) => isBlockVisible(pb, now))
    .map((pb) => ({ id: `pb-${pb.id}`, settings: pb as FrameSettings }));
  return [...rows, ...blocks];
}

async function loadOne(settings: FrameSettings, t: Transport): Promise<FrameMedia | null> {
  const imageHashValue = imageHash(settings, "background_image");
  const videoId = settings.background_video_id;
  const slateHash = imageHash(settings.background_video, "slate");
  if (!imageHashValue && !videoId) return null;
  const [image, video, slate] = await Promise.all([
    getImageByHash(t, imageHashValue, BACKGROUND.aspect, BACKGROUND.width),
    videoId ? getVideo(t, videoId, "16x9", BACKGROUND.width) : Promise.resolve(null),
    videoId ? getImageByHash(t, slateHash, "16x9", BACKGROUND.width) : Promise.resolve(null),
  ]);
  return image || video ? { image, video, slate } : null;
}

/**
 * Loads the background images and videos of a page's frames, all in parallel (alongside the
 * widgets' own loads). A failed load is logged and that frame shows without its background.
 */
export async function loadFrameMedia(page: Page, now: number, t: Transport): Promise<Record<string, FrameMedia>> {
  const loaded = await Promise.all(
    pageFrames(page, now).map(async ({ id, settings }) => {
      try {
        return [frameKey(id), await loadOne(settings, t)] as const;
      } catch (error) {
        console.error(`[page-builder] loading the background of ${id} failed:`, (error as Error).message);
        return [frameKey(id), null] as const;
      }
    }),
  );
  return Object.fromEntries(loaded.filter((entry): entry is readonly [string, FrameMedia] => entry[1] !== null));
}
