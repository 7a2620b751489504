import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import type { SearchResult } from "@contract/search";
import { Picture } from "~/components/image";
import type { SearchPageData } from "~/lib/search-page.server";
import { snippetParts } from "~/lib/search-snippet";

import { SearchForm } from "./search-form";

function Snippet({ snippet }: { snippet: string }) {
  return (
    <p className="mt-1 text-sm opacity-80">
      {snippetParts(snippet).map((part, i) =>
        part.mark ? (
          <mark key={i} className="rounded-sm bg-amber-200 px-0.5 text-inherit dark:bg-amber-700">
            {part.text}
          </mark>
        ) : (
          part.text
        ),
      )}
    </p>
  );
}

function ResultItem({ result }: { result: SearchResult }) {
  return (
    <li className="flex gap-4 py-3" data-testid="search-result">
      {result.image ? (
        <div className="w-24 shrink-0 overflow-hidden rounded">
          <Picture image={result.image} alt="" sizes="96px" />
        </div>
      ) : null}
      <div className="min-w-0">
        <Link to={result.url} className="font-semibold underline-offset-2 hover:underline">
          {result.title}
        </Link>
        {result.snippet ? <Snippet snippet={result.snippet} /> : null}
      </div>
    </li>
  );
}

/** /search and /search/{q}: the form (a plain GET), the results grouped by kind, or suggestions. */
export function SearchPage() {
  const { q, unavailable, groups, suggestions } = useLoaderData<SearchPageData>();
  const { t } = useTranslation();
  return (
    <div className="mx-auto w-full max-w-4xl px-4 py-10">
      <h1 className="font-serif text-3xl font-semibold">{q ? t("search.titleFor", { q }) : t("search.title")}</h1>
      <SearchForm
        id="search-page-q"
        defaultValue={q}
        className="mt-6 flex gap-2"
        inputClassName="min-w-0 flex-1 rounded border border-current/30 bg-transparent px-3 py-2"
        buttonClassName="rounded bg-neutral-900 px-4 py-2 text-white dark:bg-neutral-100 dark:text-neutral-900"
      />
      {groups.map((group) => (
        <section key={group.kind} className="mt-8" aria-labelledby={`search-${group.kind}`}>
          <h2 id={`search-${group.kind}`} className="font-serif text-xl font-semibold">
            {t(`search.kind.${group.kind}`)}
          </h2>
          <ul className="divide-y divide-current/10">
            {group.data.map((result) => (
              <ResultItem key={`${group.kind}-${result.id}`} result={result} />
            ))}
          </ul>
        </section>
      ))}
      {groups.length === 0 ? (
        <section className="mt-8" aria-labelledby="search-suggestions">
          <p className="text-lg" role="status">
            {unavailable ? t("search.unavailable") : q ? t("search.noResults", { q }) : t("search.empty")}
          </p>
          {suggestions.length > 0 ? (
            <>
              <h2 id="search-suggestions" className="mt-6 font-serif text-xl font-semibold">
                {t("search.suggestions")}
              </h2>
              <ul className="mt-2 list-disc pl-6">
                {suggestions.map((s) => (
                  <li key={s.url}>
                    <Link to={s.url} className="underline">
                      {s.title}
                    </Link>
                  </li>
                ))}
              </ul>
            </>
          ) : null}
        </section>
      ) : null}
    </div>
  );
}
