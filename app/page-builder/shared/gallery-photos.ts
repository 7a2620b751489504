import type { Gallery, GalleryImage } from "@contract/galleries";
import type { Image } from "@contract/media";
import { atImageWidth } from "~/components/image";

import type { PhotoSet, ShareCandidate } from "../define-widget";

export const THUMBNAIL_WIDTH = 400;
export const FULL_WIDTH = 1920;

export interface GalleryPhoto {
  key: string;
  thumb: Image;
  /** What the link opens: the lightbox aspect at 1920 (or the thumbnail's aspect when that is all there is). */
  full: Image;
  heading: string;
  subHeading: string;
}

const atFullWidth = (image: Image) =>
  new RegExp(`/${FULL_WIDTH}\\.\\w+$`).test(image.url) ? image : atImageWidth(image, FULL_WIDTH);

/** The lightbox's variant: the extra aspect the loader asked for, when the upstream gave its size. */
function fullImage(image: GalleryImage): Image {
  const extra = image.extra_aspects.find((e) => e.width && e.height);
  if (!extra) return atFullWidth(image);
  return atFullWidth({ ...extra, width: extra.width ?? 1, height: extra.height ?? 1, extra_aspects: [] });
}

/** The slides that have a picture, as thumbnails (400 wide) and full-size photos. */
export function galleryPhotos(gallery: Gallery): GalleryPhoto[] {
  return gallery.slides.flatMap((s, i) =>
    s.image
      ? [
          {
            key: `${String(s.id)}-${i}`,
            thumb: atImageWidth(s.image, THUMBNAIL_WIDTH),
            full: fullImage(s.image),
            heading: s.heading,
            subHeading: s.sub_heading,
          },
        ]
      : [],
  );
}

/** A gallery's photos as their own pages show them: the large image, its heading and its line. */
export function photoSet(gallery: Gallery, title: string): PhotoSet {
  return {
    title: title || gallery.heading || gallery.name,
    photos: galleryPhotos(gallery).map((p) => ({ image: p.full, heading: p.heading, subHeading: p.subHeading })),
  };
}

/** A gallery's first photo, to stand for its page in link previews. */
export function galleryShareImage(gallery: Gallery | null, title: string): ShareCandidate | null {
  const first = gallery && Array.isArray(gallery.slides) ? galleryPhotos(gallery)[0] : undefined;
  return first ? { image: first.full, alt: first.heading || title } : null;
}
