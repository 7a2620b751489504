import Swiper from "swiper";
import { A11y, Autoplay, Pagination } from "swiper/modules";

const AUTOPLAY_MS = 4000;

/**
 * Turns the hero into a Swiper slideshow: 4 s a slide, looping, and playing on after the visitor
 * touches it (still for reduced motion). The view imports this module on demand, so Swiper loads
 * only on pages with a hero; importing the three modules by name here lets the bundler leave the
 * other fourteen of `swiper/modules` out (a dynamic `import("swiper/modules")` takes them all).
 */
export function startSlideshow(el: HTMLElement, still: boolean) {
  return new Swiper(el, {
    modules: [A11y, Autoplay, Pagination],
    loop: true,
    speed: 300,
    autoplay: still ? false : { delay: AUTOPLAY_MS, disableOnInteraction: false },
    pagination: { el: el.querySelector<HTMLElement>(".swiper-pagination"), clickable: true },
    a11y: { enabled: true },
  });
}
