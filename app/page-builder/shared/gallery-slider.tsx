import type { ReactNode } from "react";
import { useEffect, useRef, useState } from "react";
import { useTranslation } from "react-i18next";

function Chevron({ back }: { back?: boolean }) {
  // Points along the reading direction, so it flips in right-to-left languages.
  return (
    <svg
      viewBox="0 0 20 20"
      width="20"
      height="20"
      aria-hidden="true"
      className={back ? "-scale-x-100 rtl:scale-x-100" : "rtl:-scale-x-100"}
    >
      <path
        d="M7 4l6 6-6 6"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
      />
    </svg>
  );
}

const BUTTON =
  "absolute top-1/2 z-10 grid size-10 -translate-y-1/2 place-items-center rounded-full bg-white/90 text-stone-900 shadow-md ring-1 ring-stone-900/10 hover:bg-white focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand aria-disabled:opacity-40 aria-disabled:cursor-default dark:bg-stone-800/90 dark:text-stone-100 dark:hover:bg-stone-800";

/**
 * The gallery's slider layout: a row that scrolls sideways and snaps to each photo. It works
 * without JavaScript (touch, trackpad, the scrollbar, or tabbing through the photo links); with
 * it, previous and next buttons page through it. Native scrolling keeps it light: no carousel
 * library or stylesheet is loaded for it.
 */
export function GallerySlider({
  label,
  itemClass,
  items,
}: {
  label: string;
  itemClass: string;
  items: { key: string; node: ReactNode }[];
}) {
  const { t } = useTranslation();
  const ref = useRef<HTMLUListElement>(null);
  const [ready, setReady] = useState(false);
  const [edges, setEdges] = useState({ start: true, end: false });

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    const update = () => {
      // scrollLeft runs negative in right-to-left pages: its size is the distance from the start.
      const position = Math.abs(el.scrollLeft);
      setEdges({ start: position <= 1, end: position >= el.scrollWidth - el.clientWidth - 1 });
    };
    update();
    setReady(true);
    el.addEventListener("scroll", update, { passive: true });
    window.addEventListener("resize", update);
    return () => {
      el.removeEventListener("scroll", update);
      window.removeEventListener("resize", update);
    };
  }, []);

  function page(direction: 1 | -1) {
    const el = ref.current;
    if (!el) return;
    const rtl = getComputedStyle(el).direction === "rtl";
    const still = window.matchMedia("(prefers-reduced-motion: reduce)").matches;
    el.scrollBy({ left: direction * (rtl ? -1 : 1) * el.clientWidth * 0.9, behavior: still ? "auto" : "smooth" });
  }

  return (
    <div className="relative" role="group" aria-roledescription="carousel" aria-label={label}>
      <ul
        ref={ref}
        className="-mx-1 flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain pb-3 [scrollbar-width:thin]"
      >
        {items.map((item) => (
          <li key={item.key} className={`shrink-0 snap-start px-1 ${itemClass}`}>
            {item.node}
          </li>
        ))}
      </ul>
      {ready && !(edges.start && edges.end) ? (
        <>
          <button
            type="button"
            className={`${BUTTON} start-2`}
            aria-label={t("widgets.previous")}
            aria-disabled={edges.start}
            onClick={() => edges.start || page(-1)}
          >
            <Chevron back />
          </button>
          <button
            type="button"
            className={`${BUTTON} end-2`}
            aria-label={t("widgets.next")}
            aria-disabled={edges.end}
            onClick={() => edges.end || page(1)}
          >
            <Chevron />
          </button>
        </>
      ) : null}
    </div>
  );
}
