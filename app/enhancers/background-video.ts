import { pauseToggle } from "./lib/pause-toggle";

/**
 * A muted, looping background video that never holds up the first paint: the server renders it
 * with `preload="none"` and a poster, and the pause button `hidden`. This runs once the page has
 * loaded: it plays the video only while it is on screen and shows the button (WCAG 2.2.2), whose
 * label says what it will do. Without JavaScript, or for reduced motion, the poster stays.
 */
export default function backgroundVideo(el: HTMLElement) {
  const video = el.querySelector("video");
  const button = el.querySelector<HTMLButtonElement>("button[data-video-toggle]");
  if (!video || !button || el.dataset.video === "ready") return;
  if (window.matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  el.dataset.video = "ready";

  const toggle = pauseToggle(button, (paused) => {
    if (paused) video.pause();
    else video.play().catch(() => {});
  });
  const observer = new IntersectionObserver(([entry]) => {
    if (!entry.isIntersecting) video.pause();
    else if (!toggle.isPaused()) video.play().catch(() => {});
  });
  observer.observe(video);
}
