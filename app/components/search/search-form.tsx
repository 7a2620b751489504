import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * A search field: a plain GET form to /search (`?q=`), so it works without JavaScript. The header
 * shows it small with an icon button; the search page large with a worded one.
 */
export function SearchForm({
  id,
  defaultValue,
  className,
  inputClassName,
  buttonClassName,
  icon,
}: {
  id: string;
  defaultValue?: string;
  className: string;
  inputClassName: string;
  buttonClassName: string;
  /** Shown in the button, its words then only for screen readers; without it the button shows its words. */
  icon?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <form method="get" action="/search" role="search" className={className}>
      <label htmlFor={id} className="sr-only">
        {t("search.label")}
      </label>
      <input
        id={id}
        type="search"
        name="q"
        defaultValue={defaultValue}
        maxLength={200}
        placeholder={t("search.placeholder")}
        className={inputClassName}
      />
      <button type="submit" className={buttonClassName}>
        {icon}
        {icon ? <span className="sr-only">{t("search.submit")}</span> : t("search.submit")}
      </button>
    </form>
  );
}
