import { NavLink } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { LanguageMenu, ThemeMenu } from "./preference-menus";

interface NavItem {
  name: string;
  link: string;
}

export function SiteHeader({
  name,
  links,
  locale,
  theme,
}: {
  name: string;
  links: NavItem[];
  locale: string;
  theme: "light" | "dark" | "system";
}) {
  const { t } = useTranslation();
  return (
    <header className="relative border-b border-stone-200 bg-white dark:border-stone-800 dark:bg-stone-950">
      <div className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-4 px-4 py-4">
        <NavLink to="/" className="font-serif text-xl font-bold text-brand no-underline dark:text-amber-200">
          {name}
        </NavLink>
        <nav aria-label={t("nav.main")}>
          <ul className="flex flex-wrap gap-x-5 gap-y-2">
            {links.map((l) => (
              <li key={l.link}>
                {l.link.startsWith("/") ? (
                  <NavLink
                    to={l.link}
                    end={l.link === "/"}
                    prefetch="intent"
                    className={({ isActive }) =>
                      `no-underline hover:text-brand dark:hover:text-amber-200 ${isActive ? "font-semibold text-brand dark:text-amber-200" : ""}`
                    }
                  >
                    {l.name}
                  </NavLink>
                ) : (
                  <a href={l.link} className="no-underline hover:text-brand">
                    {l.name}
                  </a>
                )}
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex items-center gap-2 text-sm">
          <LanguageMenu locale={locale} />
          <ThemeMenu theme={theme} />
        </div>
      </div>
    </header>
  );
}
