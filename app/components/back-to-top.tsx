import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";

const THRESHOLD_PX = 100;

/**
 * The back-to-top arrow, shown once the page is scrolled more than 100 px. CSS scroll-driven
 * animation shows it without JavaScript; with it, a scroll listener does the same where that CSS
 * is unsupported, and the jump scrolls smoothly unless reduced motion is asked for.
 */
export function BackToTop() {
  const { t } = useTranslation();
  const ref = useRef<HTMLAnchorElement>(null);

  useEffect(() => {
    // Read the scroll position in an animation frame, never in the middle of layout work.
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() =>
        ref.current?.setAttribute("data-visible", String(window.scrollY > THRESHOLD_PX)),
      );
    };
    update();
    window.addEventListener("scroll", update, { passive: true });
    return () => {
      cancelAnimationFrame(frame);
      window.removeEventListener("scroll", update);
    };
  }, []);

  return (
    <a
      ref={ref}
      href="#top"
      className="back-to-top"
      aria-label={t("nav.backToTop")}
      title={t("nav.backToTop")}
      onClick={(e) => {
        e.preventDefault();
        const smooth = !window.matchMedia("(prefers-reduced-motion: reduce)").matches;
        window.scrollTo({ top: 0, behavior: smooth ? "smooth" : "auto" });
        document.getElementById("top")?.focus({ preventScroll: true });
      }}
    >
      <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-none stroke-current stroke-2">
        <path d="M12 19V5M5 12l7-7 7 7" strokeLinecap="round" strokeLinejoin="round" />
      </svg>
    </a>
  );
}
