import { getFaqs } from "~/lib/api/faqs.server";
import { getGalleries, getGallery, normaliseAspect } from "~/lib/api/galleries.server";
import type { Gallery, GallerySummary } from "~/lib/api/galleries.server";
import { getImageByHash, getVideo, imageHash } from "~/lib/api/media.server";
import type { Video } from "~/lib/api/media.server";
import type { Image, Widget } from "~/lib/api/schemas";
import type { WidgetLoader } from "../loaders.server";
import { ItemNotFound, num } from "../types";

/** Gallery images are asked for at the lightbox's width; thumbnails are the same variant at 400. */
export const LIGHTBOX_WIDTH = 1920;
/** The lightbox shows the whole photo, uncropped, unless the widget asks for another aspect. */
export const DEFAULT_LIGHTBOX_ASPECT = "orig";

/** core/gallery: the gallery the widget names (fields.id, or fields.gallery), its slides at the widget's aspect. */
export const loadGallery: WidgetLoader = (widget, { transport }) => {
  const f = widget.fields;
  const key = f.id ?? f.gallery;
  const aspect = normaliseAspect(f.aspect, "16x9");
  const limit = num(f, "limitSlides", 0, 0, 500);
  return getGallery(transport, key, {
    aspect,
    width: LIGHTBOX_WIDTH,
    extraAspects: [normaliseAspect(f.lightboxAspect, DEFAULT_LIGHTBOX_ASPECT)],
    limit: limit || undefined,
  });
};

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
export const loadGalleryGroup: WidgetLoader = async (widget, ctx) => {
  const group = widget.fields.group;
  const pagePath = basePath(ctx.pagePath);
  if (!ctx.itemUrl) {
    return { galleries: await getGalleries(ctx.transport, group), gallery: null, pagePath } satisfies GalleryGroupData;
  }
  const [galleries, gallery] = await Promise.all([
    getGalleries(ctx.transport, group),
    getGallery(ctx.transport, ctx.itemUrl, { aspect: "16x9", width: LIGHTBOX_WIDTH, extraAspects: [DEFAULT_LIGHTBOX_ASPECT] }),
  ]);
  if (!gallery || !galleries.some((g) => String(g.id) === String(gallery.id))) throw new ItemNotFound();
  return { galleries, gallery, pagePath } satisfies GalleryGroupData;
};

export interface HeroQuoteData {
  /** 16x9 at 1920. */
  background: Image | null;
  /** The original's shape at 300 wide (a logo or a portrait keeps its proportions). */
  overlay: Image | null;
  video: Video | null;
}

/** An image hash of a widget: in its fields (page blocks' variables) or on the widget itself. */
const hashOf = (widget: Widget, name: string) => imageHash(widget.fields, name) ?? imageHash(widget, name);

/** core/hero_quote: its background image or video (with poster) and its overlay image, in parallel. */
export const loadHeroQuote: WidgetLoader = async (widget, { transport }) => {
  const videoId = widget.fields.background_video_id;
  const [background, overlay, video] = await Promise.all([
    getImageByHash(transport, hashOf(widget, "background_image"), "16x9", 1920),
    getImageByHash(transport, hashOf(widget, "overlay_image"), "orig", 300),
    videoId ? getVideo(transport, videoId, "16x9", 1920) : Promise.resolve(null),
  ]);
  return { background, overlay, video } satisfies HeroQuoteData;
};

/** core/faq: the questions of fields.group, when it names one (inline items need no load). */
export const loadFaq: WidgetLoader = async (widget, { transport }) => {
  const group = widget.fields.group;
  if (group === undefined || group === null || group === "") return undefined;
  return getFaqs(transport, group);
};
