import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import type { Gallery } from "@contract/galleries";
import { Picture } from "~/components/image";
import { enhance, type EnhancerName } from "~/enhancers/names";

import { GalleryPhotoPage, gallerySectionId, photoHref } from "./gallery-photo-page";
import { type GalleryPhoto, galleryPhotos, photoSet } from "./gallery-photos";
import { GallerySlider } from "./gallery-slider";

export const LAYOUTS = ["grid", "shadowgrid", "centeredgrid", "slider"] as const;
export type GalleryLayout = (typeof LAYOUTS)[number];

interface Columns {
  /** Grid columns (grid, shadowgrid). */
  grid: string;
  /** Item widths of the centred, wrapping row. */
  centred: string;
  /** Item widths of the slider. */
  slider: string;
  /** How wide a photo is drawn (a `sizes` value). */
  sizes: string;
}

// Written out in full so Tailwind finds every class.
const COLUMNS: Record<number, Columns> = {
  1: { grid: "grid-cols-1", centred: "w-full", slider: "w-full", sizes: "(min-width: 1200px) 1152px, 100vw" },
  2: { grid: "grid-cols-2", centred: "w-1/2", slider: "w-4/5 sm:w-1/2", sizes: "(min-width: 1200px) 576px, 50vw" },
  3: {
    grid: "grid-cols-2 md:grid-cols-3",
    centred: "w-1/2 md:w-1/3",
    slider: "w-4/5 sm:w-1/2 md:w-1/3",
    sizes: "(min-width: 768px) 33vw, 50vw",
  },
  4: {
    grid: "grid-cols-2 md:grid-cols-3 lg:grid-cols-4",
    centred: "w-1/2 md:w-1/3 lg:w-1/4",
    slider: "w-4/5 sm:w-1/2 md:w-1/3 lg:w-1/4",
    sizes: "(min-width: 1024px) 25vw, (min-width: 768px) 33vw, 50vw",
  },
  5: {
    grid: "grid-cols-3 md:grid-cols-4 lg:grid-cols-5",
    centred: "w-1/3 md:w-1/4 lg:w-1/5",
    slider: "w-1/2 md:w-1/4 lg:w-1/5",
    sizes: "(min-width: 1024px) 20vw, (min-width: 768px) 25vw, 33vw",
  },
  6: {
    grid: "grid-cols-3 md:grid-cols-4 lg:grid-cols-6",
    centred: "w-1/3 md:w-1/4 lg:w-1/6",
    slider: "w-1/2 md:w-1/4 lg:w-1/6",
    sizes: "(min-width: 1024px) 17vw, (min-width: 768px) 25vw, 33vw",
  },
};
/** The spec's default: 3 columns on small screens, 4 on medium, 5 on large. */
const DEFAULT_COLUMNS: Columns = {
  grid: "grid-cols-3 md:grid-cols-4 lg:grid-cols-5",
  centred: "w-1/3 md:w-1/4 lg:w-1/5",
  slider: "w-1/2 sm:w-1/3 md:w-1/4 lg:w-1/5",
  sizes: "(min-width: 1024px) 20vw, (min-width: 768px) 25vw, 33vw",
};

/**
 * A thumbnail: a link to the photo's own page, so it opens in the site without JavaScript. With
 * the lightbox, the photo's large image and its size ride in `data-pswp-*`, which PhotoSwipe
 * opens in place instead of following the link.
 */
function PhotoLink({
  photo,
  href,
  number,
  count,
  lightbox,
  sizes,
  rounded = true,
}: {
  photo: GalleryPhoto;
  href: string;
  number: number;
  count: number;
  lightbox: boolean;
  sizes: string;
  rounded?: boolean;
}) {
  const { t } = useTranslation();
  const lightboxData = lightbox
    ? {
        "data-pswp-width": photo.full.width,
        "data-pswp-height": photo.full.height,
        "data-pswp-src": photo.full.webp_url ?? photo.full.url,
        // The thumbnail is a crop of the photo: the opening zoom starts from the crop.
        "data-cropped": photo.full.aspect !== photo.thumb.aspect ? "true" : undefined,
      }
    : {};
  return (
    <a
      href={href}
      {...lightboxData}
      className={`group relative block overflow-hidden bg-stone-100 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand dark:bg-stone-800 ${rounded ? "rounded-md" : ""}`}
    >
      <Picture
        image={photo.thumb}
        alt={photo.heading}
        sizes={sizes}
        className="transition-transform duration-300 motion-safe:group-hover:scale-105"
      />
      {/* The link's name: what the photo shows (its alt), then what the link does. */}
      <span className="sr-only">{t("widgets.enlarge", { number, count })}</span>
    </a>
  );
}

/**
 * The enhancers a gallery shown this way needs in the browser: the lightbox when its photos open
 * in one, the slider when its buttons page through the row. Without photos it shows nothing.
 */
export function galleryEnhancers(gallery: Gallery | null, layout: GalleryLayout, useLightbox: boolean) {
  if (!gallery || !Array.isArray(gallery.slides) || galleryPhotos(gallery).length === 0) return [];
  const names: EnhancerName[] = [];
  if (useLightbox) names.push("lightbox");
  if (layout === "slider") names.push("slider");
  return names;
}

export interface GalleryViewProps {
  id: string;
  gallery: Gallery;
  layout: GalleryLayout;
  columns: number | null;
  useLightbox: boolean;
  showHeading: boolean;
  heading: string;
  subheading: string;
  /** On a photo's own page (`?gallery={id}&photo=`), its number: the page shows that photo alone. */
  photo?: number | null;
  /** The gallery's heading is the page's h1 on its own page (a gallery group's item view). */
  headingLevel?: "h1" | "h2";
}

/**
 * A gallery's photos in one of four layouts. Each thumbnail links to the photo's own page on this
 * site (`?gallery={id}&photo={n}`), so it opens without JavaScript; with it (and useLightbox) the
 * lightbox enhancer opens the photos in PhotoSwipe in place, its buttons labelled in the page's
 * language (`data-labels`). On that page (`photo`), the gallery shows the one photo.
 */
export function GalleryView({
  id,
  gallery,
  layout,
  columns,
  useLightbox,
  showHeading,
  heading,
  subheading,
  photo = null,
  headingLevel = "h2",
}: GalleryViewProps) {
  const { t } = useTranslation();
  const pagePath = useLocation().pathname;
  const photos = galleryPhotos(gallery);
  if (photos.length === 0) return null;
  if (photo !== null) {
    return <GalleryPhotoPage set={photoSet(gallery, heading)} number={photo} widgetId={id} pagePath={pagePath} />;
  }
  const lightbox = useLightbox
    ? {
        "data-enhance": enhance("lightbox"),
        "data-labels": JSON.stringify({
          close: t("catalogue.close"),
          previous: t("widgets.previous"),
          next: t("widgets.next"),
          zoom: t("widgets.zoom"),
          imageError: t("widgets.imageError"),
        }),
      }
    : {};
  const cols = columns ? COLUMNS[columns] : DEFAULT_COLUMNS;
  const headingId = `gallery-${id}-heading`;
  const titled = showHeading && Boolean(heading);
  const Heading = headingLevel;
  const link = (photo: GalleryPhoto, i: number, rounded = true) => (
    <PhotoLink
      photo={photo}
      href={photoHref(pagePath, id, i + 1)}
      number={i + 1}
      count={photos.length}
      lightbox={useLightbox}
      sizes={cols.sizes}
      rounded={rounded}
    />
  );

  let body;
  if (layout === "slider") {
    body = (
      <GallerySlider
        label={heading || t("widgets.gallery")}
        itemClass={cols.slider}
        items={photos.map((p, i) => ({ key: p.key, node: link(p, i) }))}
      />
    );
  } else if (layout === "shadowgrid") {
    body = (
      <ul className={`grid gap-4 sm:gap-6 ${cols.grid}`}>
        {photos.map((p, i) => (
          <li key={p.key}>
            <figure className="h-full overflow-hidden rounded-lg bg-white shadow-md ring-1 ring-stone-900/5 dark:bg-stone-800 dark:shadow-black/40 dark:ring-white/10">
              {link(p, i, false)}
              {p.heading || p.subHeading ? (
                <figcaption className="px-3 py-2.5">
                  {p.heading ? (
                    <span dir="auto" className="block font-serif font-semibold">
                      {p.heading}
                    </span>
                  ) : null}
                  {p.subHeading ? (
                    <span dir="auto" className="mt-0.5 block text-sm text-stone-600 dark:text-stone-300">
                      {p.subHeading}
                    </span>
                  ) : null}
                </figcaption>
              ) : null}
            </figure>
          </li>
        ))}
      </ul>
    );
  } else if (layout === "centeredgrid") {
    body = (
      <ul className="-m-1 flex flex-wrap justify-center">
        {photos.map((p, i) => (
          <li key={p.key} className={`p-1 ${cols.centred}`}>
            {link(p, i)}
          </li>
        ))}
      </ul>
    );
  } else {
    body = (
      <ul className={`grid gap-2 sm:gap-3 ${cols.grid}`}>
        {photos.map((p, i) => (
          <li key={p.key}>{link(p, i)}</li>
        ))}
      </ul>
    );
  }

  return (
    <section
      {...lightbox}
      id={gallerySectionId(id)}
      className="my-8"
      aria-labelledby={titled ? headingId : undefined}
      aria-label={titled ? undefined : t("widgets.gallery")}
      data-layout={layout}
    >
      {titled ? (
        <header className="mb-6 text-center">
          <Heading id={headingId} dir="auto" className="font-serif text-3xl font-semibold">
            {heading}
          </Heading>
          {subheading ? (
            <p dir="auto" className="mx-auto mt-2 max-w-2xl text-lg text-stone-600 dark:text-stone-300">
              {subheading}
            </p>
          ) : null}
        </header>
      ) : null}
      {body}
    </section>
  );
}
