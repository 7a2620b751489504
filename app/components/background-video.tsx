import { useTranslation } from "react-i18next";

import type { Image } from "@contract/media";
import { enhance } from "~/enhancers/names";

import { PauseButton } from "./pause-button";

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
      <PauseButton toggle="video-toggle" pause={t("widgets.pauseVideo")} play={t("widgets.playVideo")} />
    </div>
  );
}
