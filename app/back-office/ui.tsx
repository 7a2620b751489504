import { Form, Link } from "@remix-run/react";
import type { ReactNode } from "react";

import { type BackOfficeT, useBackOfficeText } from "./text";

export const inputClass =
  "mt-1 block w-full rounded-md border border-stone-400 bg-white px-3 py-1.5 text-stone-900 focus:border-brand focus:outline-none focus:ring-2 focus:ring-brand/40 aria-[invalid=true]:border-red-600 dark:border-stone-500 dark:bg-stone-800 dark:text-stone-100";
export const buttonClass =
  "rounded-md bg-brand px-4 py-2 text-sm font-medium text-white hover:bg-brand-dark focus:outline-none focus:ring-2 focus:ring-brand/40";
export const smallButtonClass =
  "rounded-md border border-stone-400 px-2.5 py-1 text-sm hover:bg-stone-100 dark:border-stone-500 dark:hover:bg-stone-800";
export const dangerButtonClass =
  "rounded-md border border-red-700 px-3 py-1.5 text-sm font-medium text-red-800 hover:bg-red-50 dark:text-red-200 dark:hover:bg-red-950";
export const tableClass =
  "w-full border-collapse text-sm [&_td]:border-b [&_td]:border-stone-200 [&_td]:px-2 [&_td]:py-1.5 [&_th]:border-b [&_th]:border-stone-400 [&_th]:px-2 [&_th]:py-1.5 [&_th]:text-start dark:[&_td]:border-stone-700";

/** A message from a schema is a cms.json key (`records.errors.*`); one from the CMS is shown as it is. */
export function sayErrors(t: BackOfficeT, errors: readonly string[] | undefined) {
  return (errors ?? [])
    .map((m) => (/^(records|settings|common|documents|orders)\.[A-Za-z.]+$/.test(m) ? t(m) : m))
    .join(" ");
}

export function FieldError({ id, errors }: { id: string; errors: readonly string[] | undefined }) {
  const t = useBackOfficeText();
  if (!errors?.length) return null;
  return (
    <p id={id} className="mt-1 text-sm text-red-700 dark:text-red-300">
      {sayErrors(t, errors)}
    </p>
  );
}

export function FormAlert({ id, errors }: { id?: string; errors: readonly string[] | undefined }) {
  const t = useBackOfficeText();
  if (!errors?.length) return null;
  return (
    <p
      id={id}
      role="alert"
      className="mb-4 rounded-md border border-red-600 bg-red-50 p-3 text-red-900 dark:bg-red-950 dark:text-red-100"
    >
      {sayErrors(t, errors)}
    </p>
  );
}

export function Heading({ children, actions }: { children: ReactNode; actions?: ReactNode }) {
  return (
    <div className="mb-4 flex flex-wrap items-center justify-between gap-3">
      <h1 className="text-2xl font-semibold">{children}</h1>
      {actions ? <div className="flex flex-wrap gap-2">{actions}</div> : null}
    </div>
  );
}

/** Previous and next page links that keep the list's other query parameters. */
export function Pager({ page, pages, search }: { page: number; pages: number; search: URLSearchParams }) {
  const t = useBackOfficeText();
  if (pages <= 1) return null;
  const to = (n: number) => {
    const next = new URLSearchParams(search);
    next.set("page", String(n));
    return `?${next}`;
  };
  return (
    <nav aria-label={t("common.paging")} className="mt-4 flex items-center gap-3 text-sm">
      {page > 1 ? (
        <Link to={to(page - 1)} rel="prev" className="underline">
          {t("common.previous")}
        </Link>
      ) : null}
      <span>{t("common.pageOf", { page, pages })}</span>
      {page < pages ? (
        <Link to={to(page + 1)} rel="next" className="underline">
          {t("common.next")}
        </Link>
      ) : null}
    </nav>
  );
}

/**
 * A date and time as the admin's language writes it, in UTC or the named zone (the site's), so
 * server and browser agree.
 */
export function when(iso: string | null | undefined, lng: string, timeZone = "UTC") {
  if (!iso) return "";
  const d = new Date(iso);
  if (Number.isNaN(d.getTime())) return iso;
  return new Intl.DateTimeFormat(lng, { dateStyle: "medium", timeStyle: "short", timeZone }).format(d);
}

/** A list's search field (GET `?q=`): works without JavaScript, keeps what was searched. */
export function ListSearch({ label, search }: { label: string; search: URLSearchParams }) {
  const t = useBackOfficeText();
  return (
    <Form method="get" role="search" className="mb-4 flex max-w-md items-end gap-2">
      <label className="grow text-sm">
        {label}
        <input type="search" name="q" defaultValue={search.get("q") ?? ""} className={inputClass} />
      </label>
      <button type="submit" className={smallButtonClass}>
        {t("records.searchButton")}
      </button>
    </Form>
  );
}
