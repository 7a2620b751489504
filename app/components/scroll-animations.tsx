/**
 * The scroll animations of the page builder's frames (`data-aos` on a frame; see WidgetFrame).
 * A few lines run inline in the head, before the first paint and independent of React: they mark <html>
 * (`data-aos-on`) so the stylesheet hides frames not yet seen, and an IntersectionObserver
 * reveals each frame as it scrolls into view, `data-aos-offset` pixels above the bottom edge.
 * Frames added (or given an animation) by a client-side navigation are picked up by a
 * MutationObserver, and a frame shows at once when keyboard focus moves into it. Without
 * JavaScript, without IntersectionObserver or with reduced motion asked for, nothing is hidden.
 */

/**
 * The inline script's source: it runs from its text (`toString()`), so it must use nothing from
 * this module, only the page's globals.
 */
function revealFramesOnScroll() {
  const doc = document;
  if (!("IntersectionObserver" in window) || matchMedia("(prefers-reduced-motion: reduce)").matches) return;
  doc.documentElement.setAttribute("data-aos-on", "");

  // One observer per offset: the offset is the observer's bottom margin.
  const observers: Record<number, IntersectionObserver> = {};
  const reveal = (el: Element) => el.setAttribute("data-aos-in", "");

  function watch(el: Element) {
    if (el.hasAttribute("data-aos-in")) return;
    const asked = parseInt(String(el.getAttribute("data-aos-offset")), 10) || 0;
    const offset = Math.min(asked, Math.round(innerHeight / 3));
    let observer = observers[offset];
    if (!observer) {
      observer = new IntersectionObserver(
        (entries, self) => {
          entries.forEach((entry) => {
            if (!entry.isIntersecting) return;
            reveal(entry.target);
            self.unobserve(entry.target);
          });
        },
        { rootMargin: `0px 0px -${offset}px 0px` },
      );
      observers[offset] = observer;
    }
    observer.observe(el);
  }

  function scan(root: Document | Element) {
    root.querySelectorAll("[data-aos]").forEach((el) => watch(el));
  }

  function start() {
    scan(doc);
    // Frames that a client-side navigation adds, or that gain an animation.
    new MutationObserver((mutations) => {
      mutations.forEach((mutation) => {
        if (mutation.type === "attributes") {
          const target = mutation.target;
          if (target instanceof Element && target.hasAttribute("data-aos")) watch(target);
          return;
        }
        mutation.addedNodes.forEach((node) => {
          if (!(node instanceof Element)) return;
          if (node.hasAttribute("data-aos")) watch(node);
          scan(node);
        });
      });
    }).observe(doc.body, { childList: true, subtree: true, attributes: true, attributeFilter: ["data-aos"] });
    // Keyboard focus inside a hidden frame shows it at once.
    doc.addEventListener("focusin", (event) => {
      const frame = event.target instanceof Element ? event.target.closest("[data-aos]") : null;
      if (frame) reveal(frame);
    });
  }

  if (doc.readyState === "loading") doc.addEventListener("DOMContentLoaded", start);
  else start();
}

/** The inline script's source. */
export const SCROLL_ANIMATIONS_SCRIPT = `(${revealFramesOnScroll.toString()})();`;

export function ScrollAnimationsScript({ nonce }: { nonce?: string }) {
  return (
    <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: SCROLL_ANIMATIONS_SCRIPT }} />
  );
}
