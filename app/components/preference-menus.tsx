import { Link, useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { LANGUAGES } from "~/i18n";

type Theme = "light" | "dark" | "system";

/** The current URL with one query parameter set: the switchers are plain links. */
function withParam(pathname: string, search: string, key: string, value: string) {
  const params = new URLSearchParams(search);
  params.set(key, value);
  return `${pathname}?${params}`;
}

/**
 * A menu's list. On a phone it spans the header's width just below it (its `<details>` is static
 * there, so the header is its containing block), so it never leaves the screen whichever side
 * its button sits on or whichever way the page runs; from `sm` up it hangs from its button.
 */
const menuClass =
  "absolute inset-x-4 top-full z-40 mt-2 max-h-80 overflow-auto rounded-md border border-stone-200 bg-white p-1 shadow-lg sm:inset-x-auto sm:end-0 sm:top-auto sm:min-w-48 dark:border-stone-700 dark:bg-stone-900";
const detailsClass = "sm:relative";
const itemClass = "block rounded px-3 py-1.5 no-underline hover:bg-stone-100 dark:hover:bg-stone-800";

/**
 * A language menu that works without JavaScript: each language is a link with ?lng=, which
 * always loads a new document (the server renders it in that language).
 */
export function LanguageMenu({ locale }: { locale: string }) {
  const { t } = useTranslation();
  const { pathname, search, key } = useLocation();
  const current = (LANGUAGES as Record<string, string>)[locale] ?? locale;
  return (
    <details key={key} className={detailsClass}>
      <summary
        className="cursor-pointer list-none rounded px-2 py-1 hover:bg-stone-100 dark:hover:bg-stone-800"
        aria-label={t("language.current", { language: current })}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 24 24"
          className="me-1 inline h-4 w-4 fill-none stroke-current stroke-2 align-[-2px]"
        >
          <circle cx="12" cy="12" r="9" />
          <path d="M3 12h18M12 3c2.5 2.7 3.8 5.7 3.8 9s-1.3 6.3-3.8 9c-2.5-2.7-3.8-5.7-3.8-9S9.5 5.7 12 3Z" />
        </svg>
        {current}
      </summary>
      <ul className={menuClass} aria-label={t("language.label")}>
        {Object.entries(LANGUAGES).map(([code, name]) => (
          <li key={code}>
            <Link
              to={withParam(pathname, search, "lng", code)}
              // A new document in the new language: the browser keeps only one language's messages.
              reloadDocument
              lang={code}
              hrefLang={code}
              preventScrollReset
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
  const themes: Theme[] = ["light", "dark", "system"];
  return (
    <details key={key} className={detailsClass}>
      <summary
        className="cursor-pointer list-none rounded px-2 py-1 hover:bg-stone-100 dark:hover:bg-stone-800"
        aria-label={t("theme.current", { theme: t(`theme.${theme}`) })}
      >
        <svg aria-hidden="true" viewBox="0 0 24 24" className="me-1 inline h-4 w-4 fill-current align-[-2px]">
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
        {themes.map((value) => (
          <li key={value}>
            <Link
              to={withParam(pathname, search, "theme", value)}
              preventScrollReset
              aria-current={value === theme ? "true" : undefined}
              className={`${itemClass} ${value === theme ? "font-semibold text-brand dark:text-amber-200" : ""}`}
            >
              {t(`theme.${value}`)}
            </Link>
          </li>
        ))}
      </ul>
    </details>
  );
}
