import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import type { GallerySummary } from "@contract/galleries";
import { Picture } from "~/components/image";

import type { WidgetData, WidgetViewProps } from "../../define-widget";
import { GalleryView } from "../../shared/gallery-layouts";
import { TEXT_LINK } from "../../shared/gallery-photo-page";
import type { GalleryGroupFields } from "./fields.server";
import type { load } from "./load.server";

/**
 * Where the galleries' links start when the loader could not say: the page's path from the URL
 * (less the gallery's own segment on an item view); the home page's is /home.
 */
export function pathFromLocation(pathname: string, itemUrl: string | null) {
  let p = pathname.replace(/\/+$/, "");
  if (itemUrl) p = p.replace(/\/[^/]*$/, "");
  return p === "" ? "/home" : p;
}

/** The id of the group's section of cards, where a gallery's page leads back to. */
const groupSectionId = (widgetId: string) => `gallery-group-${widgetId.replace(/\s+/g, "-")}`;

const galleryHref = (base: string, g: GallerySummary) => `${base}/${encodeURIComponent(g.url || String(g.id))}`;

type Props = WidgetViewProps<GalleryGroupFields, WidgetData<typeof load>>;

/**
 * core/gallery_group: the galleries of a group as cards (first photo, heading, "View gallery"),
 * each linking to /{page}/{gallery url}; there, the gallery's photos with a link back, under the
 * gallery's name as the page's h1 (the item view shows nothing else).
 */
export function GalleryGroupView({ widget, fields, data, env }: Props) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  if (!data || !Array.isArray(data.galleries)) return null;
  const { heading } = fields;
  const base = data.pagePath ?? pathFromLocation(pathname, env.itemUrl);

  if (data.gallery) {
    const g = data.gallery;
    const view = (
      <GalleryView
        id={widget.id}
        gallery={g}
        layout="grid"
        columns={null}
        useLightbox
        showHeading
        heading={g.heading || g.name}
        subheading={g.sub_heading}
        photo={env.photo ?? null}
        headingLevel="h1"
      />
    );
    // A photo's own page has its own way back, to this gallery.
    if (env.photo) return view;
    return (
      <div className="my-6">
        <p className="mb-2">
          <Link to={`${base}#${groupSectionId(widget.id)}`} className={TEXT_LINK}>
            <span aria-hidden="true" className="inline-block rtl:-scale-x-100">
              ←
            </span>
            {t("catalogue.backTo", { name: heading || t("widgets.gallery") })}
          </Link>
        </p>
        {view}
      </div>
    );
  }

  if (data.galleries.length === 0) return null;
  const headingId = `gallery-group-${widget.id}-heading`;
  // Card titles sit one level under the widget's heading, or under the page's h1 when it has none.
  const CardHeading = heading ? "h3" : "h2";
  return (
    <section id={groupSectionId(widget.id)} className="my-8" aria-labelledby={heading ? headingId : undefined}>
      {heading ? (
        <h2 id={headingId} dir="auto" className="mb-6 text-center font-serif text-3xl font-semibold">
          {heading}
        </h2>
      ) : null}
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {data.galleries.map((g) => {
          const title = g.heading || g.name;
          const titleId = `gallery-group-${widget.id}-${String(g.id)}`;
          return (
            <li
              key={String(g.id)}
              className="relative flex flex-col overflow-hidden rounded-lg border border-stone-200 bg-white shadow-sm transition-shadow hover:shadow-md dark:border-stone-700 dark:bg-stone-800"
            >
              <div className="aspect-[4/3] bg-stone-100 dark:bg-stone-700 [&_img]:h-full [&_img]:object-cover">
                {g.image ? (
                  <Picture image={g.image} alt="" sizes="(min-width: 1024px) 370px, (min-width: 640px) 50vw, 100vw" />
                ) : null}
              </div>
              <div className="flex flex-1 flex-col gap-2 p-5">
                {title ? (
                  <CardHeading id={titleId} dir="auto" className="font-serif text-xl font-semibold">
                    {title}
                  </CardHeading>
                ) : null}
                {g.sub_heading ? (
                  <p dir="auto" className="text-stone-600 dark:text-stone-300">
                    {g.sub_heading}
                  </p>
                ) : null}
                {/* The link covers the whole card (::after), so the card is one target. */}
                <Link
                  to={galleryHref(base, g)}
                  aria-describedby={title ? titleId : undefined}
                  className="mt-auto self-start pt-2 font-medium text-brand underline-offset-4 after:absolute after:inset-0 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand dark:text-amber-200"
                >
                  {t("widgets.viewGallery")}
                </Link>
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
}
