import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import type { Group } from "@contract/groups";

const CHIP = [
  "inline-flex min-h-11 items-center whitespace-nowrap rounded-full border px-4 text-sm font-medium no-underline",
  "border-stone-300 bg-white hover:border-brand hover:text-brand dark:border-stone-600 dark:bg-stone-800",
  "dark:hover:border-amber-200 dark:hover:text-amber-200",
  "aria-[current=page]:border-brand aria-[current=page]:bg-brand aria-[current=page]:text-white",
  "dark:aria-[current=page]:border-amber-200 dark:aria-[current=page]:bg-amber-200 dark:aria-[current=page]:text-stone-900",
].join(" ");

/**
 * The categories as chips: on a phone one row that scrolls sideways inside itself (the page never
 * gets wider than the screen), from `sm` up as many rows as they need. On the overview each jumps
 * to its section (`#slug`); on a category's page each is that category's page, the current one
 * marked.
 */
export function CategoryNav({ groups, current }: { groups: Group[]; current?: Group | null }) {
  const { t } = useTranslation();
  if (groups.length < 2) return null;
  return (
    <nav aria-label={t("catalogue.categories")} className="mb-6">
      <ul className="-mx-4 flex gap-2 overflow-x-auto px-4 pb-1 sm:mx-0 sm:flex-wrap sm:overflow-visible sm:px-0">
        {groups.map((g) => (
          <li key={g.id} className="shrink-0">
            {current === undefined ? (
              <a href={`#${g.slug}`} className={CHIP} dir="auto">
                {g.name}
              </a>
            ) : (
              <Link
                to={`/catalogue/${g.slug}`}
                className={CHIP}
                dir="auto"
                aria-current={current?.id === g.id ? "page" : undefined}
              >
                {g.name}
              </Link>
            )}
          </li>
        ))}
      </ul>
    </nav>
  );
}
