import Swiper from "swiper";
import { A11y, Autoplay, Pagination } from "swiper/modules";

const AUTOPLAY_MS = 4000;

/**
 * The home hero's slideshow: Swiper over the row of slides the server rendered, 4 s a slide,
 * back to the first after the last, and playing on after the visitor touches it (still for
 * reduced motion). `rewind` rather than `loop`: looping makes Swiper move the slides around in
 * the document as it starts, which cost a phone's main thread about a third more (Lighthouse's
 * blocking time on /showcase: 150–180 ms against 200–400). Importing the three modules by name
 * leaves the other fourteen of `swiper/modules` out of the bundle.
 */
export default function slideshow(el: HTMLElement) {
  if (el.classList.contains("swiper-initialized")) return;
  const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  new Swiper(el, {
    modules: [A11y, Autoplay, Pagination],
    rewind: true,
    speed: 300,
    autoplay: still ? false : { delay: AUTOPLAY_MS, disableOnInteraction: false },
    pagination: { el: el.querySelector<HTMLElement>(".swiper-pagination"), clickable: true },
    a11y: { enabled: true },
  });
}
