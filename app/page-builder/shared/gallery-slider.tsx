import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

import { enhance } from "~/enhancers/names";

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
 * it, the slider enhancer shows the previous and next buttons, rendered here `hidden`, which page
 * through it. Native scrolling keeps it light: no carousel library or stylesheet is loaded for it.
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
  return (
    <div
      className="relative"
      role="group"
      aria-roledescription="carousel"
      aria-label={label}
      data-enhance={enhance("slider")}
    >
      <ul
        data-slider-row=""
        className="-mx-1 flex snap-x snap-mandatory overflow-x-auto overscroll-x-contain pb-3 [scrollbar-width:thin]"
      >
        {items.map((item) => (
          <li key={item.key} className={`shrink-0 snap-start px-1 ${itemClass}`}>
            {item.node}
          </li>
        ))}
      </ul>
      <button
        type="button"
        hidden
        data-slider-step="-1"
        className={`${BUTTON} start-2`}
        aria-label={t("widgets.previous")}
        aria-disabled="true"
      >
        <Chevron back />
      </button>
      <button type="button" hidden data-slider-step="1" className={`${BUTTON} end-2`} aria-label={t("widgets.next")}>
        <Chevron />
      </button>
    </div>
  );
}
