import { useTranslation } from "react-i18next";

import type { WidgetViewProps } from "../../define-widget";
import type { GoogleMapFields } from "./fields.server";

export const MAPS_HOST = "https://maps.google.com.au";

/** The embed address of a map: Australian host, English labels. */
export function mapEmbedUrl(location: string, zoom: number) {
  const q = new URLSearchParams({ q: location, z: String(zoom), hl: "en", output: "embed" });
  return `${MAPS_HOST}/maps?${q}`;
}

type Props = WidgetViewProps<GoogleMapFields>;

/** core/google_map: an embedded map of a location, with an optional sign naming it. */
export function GoogleMapView({ fields }: Props) {
  const { t } = useTranslation();
  const { location, zoom, width, height } = fields;
  if (!location) return null;
  return (
    <figure className="my-6">
      {fields.show_sign ? (
        <figcaption className="mb-3 flex flex-wrap items-center gap-x-3 gap-y-1 rounded-md bg-brand px-4 py-3 text-white">
          <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 shrink-0 fill-current">
            <path d="M12 2a7 7 0 0 0-7 7c0 5.25 7 13 7 13s7-7.75 7-13a7 7 0 0 0-7-7Zm0 9.5A2.5 2.5 0 1 1 12 6.5a2.5 2.5 0 0 1 0 5Z" />
          </svg>
          <span className="font-medium">{location}</span>
          <a
            className="ms-auto underline underline-offset-4"
            href={`${MAPS_HOST}/maps?${new URLSearchParams({ daddr: location, hl: "en" })}`}
            target="_blank"
            rel="noopener noreferrer"
          >
            {t("widgets.directions")}
          </a>
        </figcaption>
      ) : null}
      <iframe
        title={t("widgets.mapTitle", { location })}
        src={mapEmbedUrl(location, zoom)}
        style={{ width, height, border: 0 }}
        loading="lazy"
        referrerPolicy="no-referrer-when-downgrade"
        className="max-w-full rounded-md bg-stone-200 dark:bg-stone-800"
      />
    </figure>
  );
}
