import type { Gallery, GallerySummary } from "@contract/galleries";
import { getGalleries, getGallery } from "~/lib/api/galleries.server";

import type { WidgetLoadArgs } from "../../define-widget";
import { DEFAULT_LIGHTBOX_ASPECT, LIGHTBOX_WIDTH } from "../../shared/gallery-sizes";
import { ItemNotFound } from "../../types";
import type { GalleryGroupFields } from "./fields.server";

export interface GalleryGroupData {
  /** The galleries of the widget's group, each with its first image at 4x3, 300 wide. */
  galleries: GallerySummary[];
  /** The gallery the URL names (/{page}/{gallery url}); null on the list. */
  gallery: Gallery | null;
  /** The page's own path ("/showcase"), the base of the galleries' links; null when unknown. */
  pagePath: string | null;
}

/** "/showcase/" → "/showcase"; the home page ("/") is /home, so /home/{gallery} reaches it. */
export function basePath(pagePath: string | null | undefined) {
  if (typeof pagePath !== "string") return null;
  const p = `/${pagePath.replace(/^\/+|\/+$/g, "")}`;
  return p === "/" ? "/home" : p;
}

/**
 * core/gallery_group: the galleries of a group as cards; on /{page}/{gallery url} that gallery's
 * photos. A gallery that is unknown, or not in the widget's group, is a 404.
 */
export async function load(args: WidgetLoadArgs<GalleryGroupFields>): Promise<GalleryGroupData> {
  const { fields, transport, itemUrl, pagePath } = args;
  const base = basePath(pagePath);
  if (!itemUrl) {
    return { galleries: await getGalleries(transport, fields.group), gallery: null, pagePath: base };
  }
  const [galleries, gallery] = await Promise.all([
    getGalleries(transport, fields.group),
    getGallery(transport, itemUrl, { aspect: "16x9", width: LIGHTBOX_WIDTH, extraAspects: [DEFAULT_LIGHTBOX_ASPECT] }),
  ]);
  if (!gallery || !galleries.some((g) => String(g.id) === String(gallery.id))) throw new ItemNotFound();
  return { galleries, gallery, pagePath: base };
}
