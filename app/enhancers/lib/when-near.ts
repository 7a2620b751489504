/**
 * Runs `start` once `el` comes within `margin` of the viewport (at once where it already is, or
 * where IntersectionObserver is missing). A behaviour far down a long page then costs the main
 * thread nothing while the page loads, and is ready before the visitor scrolls to it.
 */
export function whenNear(el: Element, start: () => void, margin = "300px") {
  if (!("IntersectionObserver" in window)) return start();
  const observer = new IntersectionObserver(
    (entries) => {
      if (!entries.some((e) => e.isIntersecting)) return;
      observer.disconnect();
      start();
    },
    { rootMargin: margin },
  );
  observer.observe(el);
}
