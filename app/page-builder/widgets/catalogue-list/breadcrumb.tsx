import { Link } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** A text link that looks like one, with a target at least 24 px tall. */
export const TEXT_LINK =
  "inline-block py-1 text-brand underline decoration-1 underline-offset-4 hover:decoration-2 dark:text-amber-200";

/** Home › Catalogue › …: the last item is the page itself. */
export function Breadcrumb({ items }: { items: { name: string; to?: string }[] }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t("nav.breadcrumb")} className="mb-3 text-sm">
      <ol className="flex flex-wrap items-center gap-x-2">
        {items.map((item, i) => (
          <li key={i} className="flex items-center gap-2">
            {i > 0 ? <span aria-hidden="true">›</span> : null}
            {item.to ? (
              <Link to={item.to} className={TEXT_LINK}>
                {item.name}
              </Link>
            ) : (
              <span aria-current="page" dir="auto" className="py-1 font-medium">
                {item.name}
              </span>
            )}
          </li>
        ))}
      </ol>
    </nav>
  );
}
