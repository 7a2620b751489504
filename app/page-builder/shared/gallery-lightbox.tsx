import type { RefObject } from "react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

import { loadStylesheet } from "~/lib/load-stylesheet";
import photoswipeStylesheet from "~/styles/photoswipe.css";

/** The selector of the links the lightbox takes over (only those given a size carry it). */
export const LIGHTBOX_LINKS = "a[data-pswp-width]";

/**
 * Turns the photo links inside `ref` into a PhotoSwipe lightbox once the page runs JavaScript.
 * PhotoSwipe and its stylesheet load only here, on demand; until then (and without JavaScript)
 * each link simply opens the full-size photo.
 */
export function useGalleryLightbox(ref: RefObject<HTMLElement>, enabled: boolean) {
  const { t } = useTranslation();
  const close = t("catalogue.close");
  const previous = t("widgets.previous");
  const next = t("widgets.next");
  const zoom = t("widgets.zoom");
  const imageError = t("widgets.imageError");

  useEffect(() => {
    const el = ref.current;
    if (!enabled || !el || !el.querySelector(LIGHTBOX_LINKS)) return;
    let destroyed = false;
    let lightbox: { destroy: () => void } | null = null;
    void Promise.all([import("photoswipe/lightbox"), loadStylesheet(photoswipeStylesheet)])
      .then(([{ default: PhotoSwipeLightbox }]) => {
        if (destroyed) return;
        const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        const box = new PhotoSwipeLightbox({
          gallery: el,
          children: LIGHTBOX_LINKS,
          pswpModule: () => import("photoswipe"),
          showHideAnimationType: still ? "none" : "zoom",
          bgOpacity: 0.92,
          closeTitle: close,
          arrowPrevTitle: previous,
          arrowNextTitle: next,
          zoomTitle: zoom,
          errorMsg: imageError,
        });
        box.init();
        lightbox = box;
        // Marks the gallery as taken over (journeys wait for it before clicking).
        el.dataset.lightbox = "ready";
      })
      .catch((error) => {
        // The links still open the photos: a failed enhancement costs nothing else.
        console.warn("[gallery] the lightbox could not start:", (error as Error).message);
      });
    return () => {
      destroyed = true;
      lightbox?.destroy();
      delete el.dataset.lightbox;
    };
  }, [enabled, ref, close, previous, next, zoom, imageError]);
}
