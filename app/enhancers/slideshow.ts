import Swiper from "swiper";
import { A11y, Pagination } from "swiper/modules";

import { autoplay } from "./lib/autoplay";
import { pauseToggle } from "./lib/pause-toggle";
import { whenNear } from "./lib/when-near";

const AUTOPLAY_MS = 4000;

/**
 * The home hero's slideshow: Swiper over the row of slides the server rendered, 4 s a slide,
 * back to the first after the last, playing on after the visitor touches it, waiting while the
 * pointer is over it or the focus in it, with a pause button (still for reduced motion).
 * `rewind` rather than `loop`: looping makes Swiper move the slides around in the document as it
 * starts, which cost a phone's main thread about a third more (Lighthouse's blocking time on
 * /showcase: 150–180 ms against 200–400). Importing the two modules by name leaves the other
 * fifteen of `swiper/modules` out of the bundle; the autoplay is a timer of our own
 * (`lib/autoplay.ts`: Swiper's redraws the page on every frame, decision 114). Swiper starts
 * only once the slideshow comes near the screen: at once on the home page, where it is the first
 * thing, and not while a long page with one at its end (/showcase) is still loading.
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
    modules: [A11y, Pagination],
    rewind: true,
    speed: 300,
    pagination: { el: el.querySelector<HTMLElement>(".swiper-pagination"), clickable: true },
    a11y: { enabled: true },
  });
  if (!still) playControls(el, swiper);
}

/**
 * The autoplay, and what lets a visitor stop the motion (WCAG 2.2.2): the pause button the server
 * rendered hidden, which stops it until pressed again. It waits while a mouse is over the
 * slideshow, the keyboard focus is inside or the page is hidden, and goes on after the visitor
 * moves it by hand.
 */
function playControls(el: HTMLElement, swiper: Swiper) {
  const play = autoplay(() => swiper.slideNext(), AUTOPLAY_MS);
  swiper.on("slideChange", play.restart);
  const button = el.querySelector<HTMLButtonElement>("button[data-slideshow-toggle]");
  if (button) pauseToggle(button, (paused) => (paused ? play.stop() : play.start()));
  el.addEventListener("pointerenter", (event) => event.pointerType === "mouse" && play.hold("pointer", true));
  el.addEventListener("pointerleave", (event) => event.pointerType === "mouse" && play.hold("pointer", false));
  el.addEventListener("focusin", () => play.hold("focus", true));
  el.addEventListener("focusout", (event) => {
    if (!el.contains(event.relatedTarget as Node | null)) play.hold("focus", false);
  });
  const hidden = () => play.hold("hidden", document.visibilityState === "hidden");
  document.addEventListener("visibilitychange", hidden);
  hidden();
}
