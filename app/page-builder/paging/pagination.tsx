import { useTranslation } from "react-i18next";

import { pageHref } from "./paging";

interface Props {
  widgetId: string;
  /** The page shown, from 1. */
  page: number;
  pages: number;
  /** The list's address: its path and the current query (other lists' pages and the tab stay). */
  address: { pathname: string; search: string };
  /** What the list is called, for the navigation's name ("Pages of …"). */
  name: string;
  /** The widget's pagination classes. */
  className?: string;
  /** The element a page link scrolls to (the list's heading), so a new page opens at the list. */
  anchor?: string;
}

const link =
  "inline-flex min-h-10 min-w-10 items-center justify-center rounded border border-stone-300 px-3 no-underline hover:bg-stone-100 focus-visible:outline-2 dark:border-stone-600 dark:hover:bg-stone-800";
const current = "bg-stone-900 text-white hover:bg-stone-900 dark:bg-stone-100 dark:text-stone-900";
const inert = "inline-flex min-h-10 min-w-10 items-center justify-center px-3 text-stone-400 dark:text-stone-500";

/** The page numbers linked: all of them up to 7, else the two either side of the page shown. */
export function numbers(page: number, pages: number) {
  const from = pages <= 7 ? 1 : Math.max(1, Math.min(page - 2, pages - 4));
  const to = pages <= 7 ? pages : Math.min(pages, from + 4);
  return Array.from({ length: to - from + 1 }, (_, i) => from + i);
}

/**
 * A list's pagination (decision 071): first «, previous ‹, the page numbers, next ›, last », each a
 * real link (`?p-{widget}={n}`), so it works without JavaScript. The labels are the spec's angle
 * quotes, named for screen readers; the page shown is `aria-current="page"`. Absent for one page.
 */
export function Pagination({ widgetId, page, pages, address, name, className = "", anchor }: Props) {
  const { t } = useTranslation();
  if (pages <= 1) return null;
  const href = (n: number) => `${address.pathname}${pageHref(address.search, widgetId, n, anchor)}`;
  const step = (n: number, label: string, glyph: string, rel?: "prev" | "next") =>
    n === page || n < 1 || n > pages ? (
      <span className={inert} aria-hidden="true">
        {glyph}
      </span>
    ) : (
      <a className={link} href={href(n)} aria-label={label} rel={rel}>
        <span aria-hidden="true">{glyph}</span>
      </a>
    );
  return (
    <nav aria-label={name ? t("paging.label", { name }) : t("paging.pages")} className={`mt-4 ${className}`.trim()}>
      <ul className="flex flex-wrap items-center gap-1">
        <li>{step(1, t("paging.first"), "«")}</li>
        <li>{step(page - 1, t("paging.previous"), "‹", "prev")}</li>
        {numbers(page, pages).map((n) => (
          <li key={n}>
            <a
              className={`${link} ${n === page ? current : ""}`}
              href={href(n)}
              aria-label={t("paging.page", { number: n })}
              aria-current={n === page ? "page" : undefined}
            >
              {n}
            </a>
          </li>
        ))}
        <li>{step(page + 1, t("paging.next"), "›", "next")}</li>
        <li>{step(pages, t("paging.last"), "»")}</li>
      </ul>
    </nav>
  );
}
