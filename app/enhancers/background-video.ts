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

  let paused = false;
  const label = () => {
    button.textContent = (paused ? button.dataset.playLabel : button.dataset.pauseLabel) ?? "";
  };
  const observer = new IntersectionObserver(([entry]) => {
    if (!entry.isIntersecting) video.pause();
    else if (!paused) video.play().catch(() => {});
  });
  observer.observe(video);
  button.addEventListener("click", () => {
    paused = !paused;
    if (paused) video.pause();
    else video.play().catch(() => {});
    label();
  });
  label();
  button.hidden = false;
}
