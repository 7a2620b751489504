import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

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
 * A pause button is there for anyone the motion distracts (WCAG 2.2.2).
 */
export function BackgroundVideo({ video, poster, className }: Props) {
  const { t } = useTranslation();
  const ref = useRef<HTMLVideoElement>(null);
  const [ready, setReady] = useState(false);
  const [paused, setPaused] = useState(false);

  useEffect(() => {
    const el = ref.current;
    if (!el || window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
    setReady(true);
    let visible = false;
    const observer = new IntersectionObserver(([entry]) => {
      visible = entry.isIntersecting;
      if (!visible) el.pause();
      else if (el.dataset.userPaused !== "true") el.play().catch(() => {});
    });
    const start = () => observer.observe(el);
    if (document.readyState === "complete") start();
    else window.addEventListener("load", start, { once: true });
    return () => {
      window.removeEventListener("load", start);
      observer.disconnect();
    };
  }, []);

  function toggle() {
    const el = ref.current;
    if (!el) return;
    const pause = !paused;
    el.dataset.userPaused = String(pause);
    if (pause) el.pause();
    else el.play().catch(() => {});
    setPaused(pause);
  }

  return (
    <>
      <div aria-hidden="true" className={className}>
        <video
          ref={ref}
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
      {ready ? (
        <button
          type="button"
          onClick={toggle}
          className="absolute bottom-3 end-3 z-10 rounded-full bg-black/60 px-3 py-1.5 text-sm text-white hover:bg-black/80 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-white"
        >
          {paused ? t("widgets.playVideo") : t("widgets.pauseVideo")}
        </button>
      ) : null}
    </>
  );
}
