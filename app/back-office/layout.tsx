import { NavLink } from "@remix-run/react";
import type { ReactNode } from "react";

import { useBackOfficeText } from "./text";

const SECTIONS = [
  { to: "/cms", key: "nav.dashboard", end: true },
  { to: "/cms/pages", key: "nav.pages", end: false },
  { to: "/cms/records", key: "nav.records", end: false },
  { to: "/cms/settings", key: "nav.settings", end: false },
  { to: "/cms/audit", key: "nav.audit", end: false },
  { to: "/cms/media", key: "media.nav", end: false },
] as const;

/** The back-office's frame: its title, the sections' menu and the screen of the section. */
export function BackOfficeLayout({ children }: { children: ReactNode }) {
  const t = useBackOfficeText();
  return (
    <div className="back-office mx-auto w-full max-w-7xl px-4 py-6">
      <div className="mb-4 flex flex-wrap items-center justify-between gap-3 border-b border-stone-300 pb-3 dark:border-stone-700">
        <p className="text-lg font-semibold">{t("title")}</p>
        <a href="/" className="text-sm underline">
          {t("nav.viewSite")}
        </a>
      </div>
      <nav aria-label={t("nav.label")} className="mb-6">
        <ul className="flex flex-wrap gap-2">
          {SECTIONS.map((section) => (
            <li key={section.to}>
              <NavLink
                to={section.to}
                end={section.end}
                className="block rounded-md px-3 py-1.5 text-sm no-underline hover:bg-stone-200 aria-[current=page]:bg-brand aria-[current=page]:text-white dark:hover:bg-stone-800"
              >
                {t(section.key)}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      {children}
    </div>
  );
}
