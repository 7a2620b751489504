import { useTranslation } from "react-i18next";

/**
 * The back-to-top arrow's behaviour, as a small inline script that runs on every page, with or
 * without the Remix runtime (it runs from its text, `toString()`, so it may use only the page's
 * globals). CSS scroll-driven animation shows the arrow past 100 px without any script; where that
 * is unsupported, a scroll listener does the same. The jump scrolls smoothly unless reduced
 * motion is asked for, and moves focus to the top of the page. Without JavaScript the arrow is a
 * plain link to #top.
 */
function enhanceBackToTop() {
  const doc = document;
  const arrow = () => doc.querySelector(".back-to-top");
  if (!(window.CSS && CSS.supports("animation-timeline: scroll()"))) {
    // Read the scroll position in an animation frame, never in the middle of layout work.
    let frame = 0;
    const update = () => {
      cancelAnimationFrame(frame);
      frame = requestAnimationFrame(() => arrow()?.setAttribute("data-visible", String(scrollY > 100)));
    };
    addEventListener("scroll", update, { passive: true });
    update();
  }
  doc.addEventListener("click", (event) => {
    const link = event.target instanceof Element ? event.target.closest(".back-to-top") : null;
    if (!link || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    scrollTo({ top: 0, behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
    doc.getElementById("top")?.focus({ preventScroll: true });
  });
}

/** The inline script's source (under 1 KB; the journeys and a unit test keep it under 2 KB). */
export const BACK_TO_TOP_SCRIPT = `(${enhanceBackToTop.toString()})();`;

/** The back-to-top arrow (a link to #top) and the script that enhances it. */
export function BackToTop({ nonce }: { nonce: string }) {
  const { t } = useTranslation();
  return (
    <>
      <a href="#top" className="back-to-top" aria-label={t("nav.backToTop")} title={t("nav.backToTop")}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-none stroke-current stroke-2">
          <path d="M12 19V5M5 12l7-7 7 7" strokeLinecap="round" strokeLinejoin="round" />
        </svg>
      </a>
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: BACK_TO_TOP_SCRIPT }} />
    </>
  );
}
