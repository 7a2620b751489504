import { Link, useLocation, useMatches, useNavigate } from "@remix-run/react";
import type { MouseEvent } from "react";
import { useTranslation } from "react-i18next";

import { LANGUAGES } from "@contract/languages";
import type { Page } from "@contract/pages";
import { tabsAnchor } from "~/page-builder/tabs";

type Theme = "light" | "dark" | "system";

/**
 * The current URL with one query parameter set: the switchers are plain links, and the query
 * (`?tab=`…) is kept. They end in a fragment, `place`, so the document they load opens where the
 * visitor was rather than wherever the browser puts it.
 */
export function withParam(pathname: string, search: string, key: string, value: string, place = "top") {
  const params = new URLSearchParams(search);
  params.set(key, value);
  return `${pathname}?${params}#${place}`;
}

/**
 * Where the visitor is, as far as the server knows: the tabs row that `?tab=` chose (its tab links
 * brought the visitor there), else the top. The header's script narrows it to the section the
 * visitor has scrolled to when it runs.
 */
function usePlace(search: string) {
  const page = useMatches()
    .map((match) => (match.data as { page?: Page } | undefined)?.page)
    .find(Boolean);
  return (page && tabsAnchor(page.rows, new URLSearchParams(search).get("tab"))) || "top";
}

/** A plain left click, which a script may handle; any other opens the link as the browser would. */
const isPlainClick = (event: MouseEvent) =>
  event.button === 0 && !event.metaKey && !event.altKey && !event.ctrlKey && !event.shiftKey;

/**
 * A menu's list. In the phone menu it opens in place, under its button, inside the menu's panel
 * (which scrolls), so it never leaves the screen whichever way the page runs; from `lg` up it
 * hangs from its button.
 */
const menuClass =
  "mt-1 rounded-md border border-stone-200 bg-white p-1 lg:absolute lg:end-0 lg:top-full lg:z-40 lg:mt-2 lg:max-h-80 lg:min-w-48 lg:overflow-auto lg:shadow-lg dark:border-stone-700 dark:bg-stone-900";
const detailsClass = "lg:relative";
const summaryClass =
  "flex min-h-11 cursor-pointer list-none items-center rounded px-2 hover:bg-stone-100 lg:min-h-7 dark:hover:bg-stone-800";
const itemClass =
  "flex min-h-11 items-center rounded px-3 py-1 no-underline hover:bg-stone-100 lg:min-h-8 dark:hover:bg-stone-800";

/**
 * A language menu that works without JavaScript: each language is a link with ?lng=, which
 * always loads a new document (the server renders it in that language).
 */
export function LanguageMenu({ locale }: { locale: string }) {
  const { t } = useTranslation();
  const { pathname, search, key } = useLocation();
  const place = usePlace(search);
  const current = (LANGUAGES as Record<string, string>)[locale] ?? locale;
  return (
    <details key={key} className={detailsClass}>
      <summary className={summaryClass} aria-label={t("language.current", { language: current })}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="me-1 h-4 w-4 shrink-0 fill-none stroke-current stroke-2">
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3Z" />
        </svg>
        {current}
      </summary>
      <ul className={`${menuClass} grid grid-cols-2 lg:block`} aria-label={t("language.label")}>
        {Object.entries(LANGUAGES).map(([code, name]) => (
          <li key={code}>
            <Link
              to={withParam(pathname, search, "lng", code, place)}
              // A new document in the new language: the browser keeps only one language's messages.
              reloadDocument
              lang={code}
              hrefLang={code}
              data-keep-place=""
              aria-current={code === locale ? "true" : undefined}
              className={`${itemClass} ${code === locale ? "font-semibold text-brand dark:text-amber-200" : ""}`}
            >
              {name}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}

/** Light, dark or the device's scheme: links with ?theme=, remembered in a cookie. */
export function ThemeMenu({ theme }: { theme: Theme }) {
  const { t } = useTranslation();
  const { pathname, search, key } = useLocation();
  const navigate = useNavigate();
  const place = usePlace(search);
  const themes: Theme[] = ["light", "dark", "system"];
  return (
    <details key={key} className={detailsClass}>
      <summary className={summaryClass} aria-label={t("theme.current", { theme: t(`theme.${theme}`) })}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="me-1 h-4 w-4 shrink-0 fill-current">
          {theme === "dark" ? (
            <path d="M20 14.5A8 8 0 0 1 9.5 4a8 8 0 1 0 10.5 10.5Z" />
          ) : theme === "light" ? (
            <path d="M12 7a5 5 0 1 1 0 10 5 5 0 0 1 0-10Zm0-5 1 3h-2l1-3Zm0 20-1-3h2l-1 3ZM2 12l3-1v2l-3-1Zm20 0-3 1v-2l3 1Z" />
          ) : (
            <path d="M12 3a9 9 0 1 0 0 18V3Z" />
          )}
        </svg>
        {t(`theme.${theme}`)}
      </summary>
      <ul className={menuClass} aria-label={t("theme.label")}>
        {themes.map((value) => {
          const to = withParam(pathname, search, "theme", value, place);
          return (
            <li key={value}>
              <Link
                to={to}
                data-keep-place=""
                // With the runtime the page changes in place: it keeps its scroll position
                // rather than following the fragment that brings a new document back to it.
                onClick={(event) => {
                  if (!isPlainClick(event)) return;
                  event.preventDefault();
                  navigate(to.slice(0, to.indexOf("#")), { preventScrollReset: true });
                }}
                aria-current={value === theme ? "true" : undefined}
                className={`${itemClass} ${value === theme ? "font-semibold text-brand dark:text-amber-200" : ""}`}
              >
                {t(`theme.${value}`)}
              </Link>
            </li>
          );
        })}
      </ul>
    </details>
  );
}
