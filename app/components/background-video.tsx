import { useTranslation } from "react-i18next";

import { enhance } from "~/enhancers/names";
import type { Image } from "~/lib/api/schemas";

interface Props {
  video: { url: string; mime: string };
  /** The slate shown before (and, without JavaScript or with reduced motion, instead of) the video. */
  poster: Image | null;
  /** Classes of the layer that holds the video (position, opacity, saturation). */
  className: string;
}

/**
 * A muted, looping background video that never holds up the first paint: nothing of it is
 * fetched (`preload="none"`) until the page has loaded, and then it plays only while on screen.
 * Without JavaScript, or when the visitor asks for reduced motion, the poster image shows.
 * A pause button is there for anyone the motion distracts (WCAG 2.2.2). The background-video
 * enhancer does the playing and shows the button, rendered here `hidden` with both its labels.
 */
export function BackgroundVideo({ video, poster, className }: Props) {
  const { t } = useTranslation();
  return (
    <div data-enhance={enhance("background-video")} className="contents">
      <div aria-hidden="true" className={className}>
        <video
          className="h-full w-full object-cover"
          muted
          loop
          playsInline
          preload="none"
          poster={poster ? (poster.webp_url ?? poster.url) : undefined}
          tabIndex={-1}
        >
          <source src={video.url} type={video.mime} />
        </video>
      </div>
      <button
        type="button"
        hidden
        data-video-toggle=""
        data-pause-label={t("widgets.pauseVideo")}
        data-play-label={t("widgets.playVideo")}
        className="absolute bottom-3 end-3 z-10 rounded-full bg-black/60 px-3 py-1.5 text-sm text-white hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
      >
        {t("widgets.pauseVideo")}
      </button>
    </div>
  );
}
