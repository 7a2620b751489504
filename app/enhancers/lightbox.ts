import PhotoSwipeLightbox from "photoswipe/lightbox";

/** The selector of the links the lightbox takes over (only those given a size carry it). */
export const LIGHTBOX_LINKS = "a[data-pswp-width]";

/** The interface strings, in the page's language: the server writes them in `data-labels`. */
interface Labels {
  close?: string;
  previous?: string;
  next?: string;
  zoom?: string;
  imageError?: string;
}

/**
 * A gallery's photo links open in a PhotoSwipe lightbox. Without JavaScript, and until this runs,
 * each link simply opens the full-size photo. PhotoSwipe's core loads when a photo is first opened.
 */
export default function lightbox(el: HTMLElement) {
  if (el.dataset.lightbox === "ready" || !el.querySelector(LIGHTBOX_LINKS)) return;
  let labels: Labels = {};
  try {
    labels = JSON.parse(el.dataset.labels ?? "{}") as Labels;
  } catch {
    // Unlabelled buttons are still better than no lightbox.
  }
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const box = new PhotoSwipeLightbox({
    gallery: el,
    children: LIGHTBOX_LINKS,
    pswpModule: () => import("photoswipe"),
    showHideAnimationType: still ? "none" : "zoom",
    bgOpacity: 0.92,
    closeTitle: labels.close,
    arrowPrevTitle: labels.previous,
    arrowNextTitle: labels.next,
    zoomTitle: labels.zoom,
    errorMsg: labels.imageError,
  });
  box.init();
  // Marks the gallery as taken over (journeys wait for it before clicking).
  el.dataset.lightbox = "ready";
}
