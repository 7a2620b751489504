import { useTranslation } from "react-i18next";

import { Picture } from "~/components/image";

import type { PhotoSet } from "../define-widget";

/** The address of a gallery's photo page: the page it sits on, with the gallery (its widget) and the photo's number. */
export function photoHref(pagePath: string, widgetId: string, number: number) {
  return `${pagePath}?${new URLSearchParams({ gallery: widgetId, photo: String(number) })}`;
}

/** The id of a gallery's section, where a photo's page leads back to. */
export const gallerySectionId = (widgetId: string) => `gallery-${widgetId.replace(/\s+/g, "-")}`;

/** A text link that reads as one: the brand colour, underlined, a 44 px target. */
export const TEXT_LINK =
  "inline-flex min-h-11 items-center gap-2 font-medium text-brand underline underline-offset-4 hover:no-underline dark:text-amber-200";

/**
 * A photo's own page (`{page}?gallery={widget}&photo={n}`), what a gallery's thumbnail opens
 * without JavaScript (decision 038): the gallery's name as the page's heading, "Photo N of M", the
 * photo as large as the screen allows, its caption, the previous and next photos, and the way back
 * to the gallery's section. `#photo` on the previous and next links keeps the place on a phone.
 */
export function GalleryPhotoPage({
  set,
  number,
  widgetId,
  pagePath,
}: {
  set: PhotoSet;
  number: number;
  widgetId: string;
  pagePath: string;
}) {
  const { t } = useTranslation();
  const photo = set.photos[number - 1];
  if (!photo) return null;
  const count = set.photos.length;
  const label = t("share.photoTitle", { gallery: set.title, number });
  const at = (n: number) => `${photoHref(pagePath, widgetId, n)}#photo`;
  return (
    <section id="photo" aria-labelledby="photo-heading" className="my-2">
      <p>
        <a href={`${pagePath}#${gallerySectionId(widgetId)}`} className={TEXT_LINK}>
          <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
            ←
          </span>
          {t("catalogue.backTo", { name: set.title })}
        </a>
      </p>
      <header className="mt-2 mb-4">
        <h1 id="photo-heading" dir="auto" className="font-serif text-3xl font-semibold">
          {set.title}
        </h1>
        <p className="mt-1 text-stone-600 dark:text-stone-300">{t("share.photoOf", { number, count })}</p>
      </header>
      <figure>
        <div className="overflow-hidden rounded-md bg-stone-100 dark:bg-stone-800 [&_img]:mx-auto [&_img]:block [&_img]:max-h-[65svh] [&_img]:w-auto [&_img]:max-w-full">
          <Picture
            image={photo.image}
            alt={photo.heading || label}
            sizes="(min-width: 1200px) 1152px, 100vw"
            priority
          />
        </div>
        {photo.heading || photo.subHeading ? (
          <figcaption className="mt-3">
            {photo.heading ? (
              <span dir="auto" className="block font-serif text-lg font-semibold">
                {photo.heading}
              </span>
            ) : null}
            {photo.subHeading ? (
              <span dir="auto" className="mt-0.5 block text-stone-600 dark:text-stone-300">
                {photo.subHeading}
              </span>
            ) : null}
          </figcaption>
        ) : null}
      </figure>
      <nav aria-label={t("share.photoNav", { gallery: set.title })} className="mt-4">
        <ul className="flex flex-wrap justify-between gap-4">
          <li>
            {number > 1 ? (
              <a href={at(number - 1)} rel="prev" className={TEXT_LINK}>
                <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
                  ←
                </span>
                {t("share.previousPhoto")}
              </a>
            ) : null}
          </li>
          <li>
            {number < count ? (
              <a href={at(number + 1)} rel="next" className={TEXT_LINK}>
                {t("share.nextPhoto")}
                <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
                  →
                </span>
              </a>
            ) : null}
          </li>
        </ul>
      </nav>
    </section>
  );
}
