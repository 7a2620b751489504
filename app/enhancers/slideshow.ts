import Swiper from "swiper";
import { A11y, Autoplay, Pagination } from "swiper/modules";

import { pauseToggle } from "./lib/pause-toggle";
import { whenNear } from "./lib/when-near";

const AUTOPLAY_MS = 4000;

/**
 * The home hero's slideshow: Swiper over the row of slides the server rendered, 4 s a slide,
 * back to the first after the last, playing on after the visitor touches it, waiting while the
 * pointer is over it or the focus in it, with a pause button (still for reduced motion).
 * `rewind` rather than `loop`: looping makes Swiper move the slides around in the document as it
 * starts, which cost a phone's main thread about a third more (Lighthouse's blocking time on
 * /showcase: 150–180 ms against 200–400). Importing the three modules by name leaves the other
 * fourteen of `swiper/modules` out of the bundle. Swiper starts only once the slideshow comes
 * near the screen: at once on the home page, where it is the first thing, and not while a long
 * page with one at its end (/showcase) is still loading.
 */
export default function slideshow(el: HTMLElement) {
  if (el.dataset.slideshow) return;
  el.dataset.slideshow = "waiting";
  whenNear(el, () => start(el));
}

function start(el: HTMLElement) {
  el.dataset.slideshow = "started";
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  const swiper = new Swiper(el, {
    modules: [A11y, Autoplay, Pagination],
    rewind: true,
    speed: 300,
    autoplay: still ? false : { delay: AUTOPLAY_MS, disableOnInteraction: false, pauseOnMouseEnter: true },
    pagination: { el: el.querySelector<HTMLElement>(".swiper-pagination"), clickable: true },
    a11y: { enabled: true },
  });
  if (!still) playControls(el, swiper);
}

/**
 * What lets a visitor stop the motion (WCAG 2.2.2): the pause button the server rendered hidden,
 * which stops autoplay until pressed again, and a pause while the keyboard focus is inside.
 */
function playControls(el: HTMLElement, swiper: Swiper) {
  const button = el.querySelector<HTMLButtonElement>("button[data-slideshow-toggle]");
  const toggle = button
    ? pauseToggle(button, (paused) => (paused ? swiper.autoplay.stop() : swiper.autoplay.start()))
    : null;
  const stopped = () => toggle?.isPaused() ?? false;
  el.addEventListener("focusin", () => {
    if (!stopped()) swiper.autoplay.pause();
  });
  el.addEventListener("focusout", (event) => {
    if (!stopped() && !el.contains(event.relatedTarget as Node | null)) swiper.autoplay.resume();
  });
}
