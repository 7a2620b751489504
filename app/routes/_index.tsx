import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { Link, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { CmsPage, onlyTabChanged } from "~/components/cms-page";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { isUpstreamError } from "~/lib/api/errors";
import { listPages } from "~/lib/api/pages.server";
import { getSettings } from "~/lib/api/site.server";
import { loadCmsPage, pageCacheControl, unavailable } from "~/lib/cms-page.server";
import { cmsPageMeta } from "~/lib/meta";

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

/** The home page's head: the root's, with its share image (the hero's first slide) and any photo's page. */
export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  cmsPageMeta(matches, data?.view === "page" ? data : undefined, location.pathname);

/** Home: the list-page-content view when that setting is on, otherwise the page named home. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { transport, signedIn } = await context.visitor();
  const settings = await getSettings(transport);
  if (settings.listPageContentFeature) {
    const pages = await listPages(transport).catch((error) => {
      if (isUpstreamError(error) && error.unavailable) throw unavailable("/");
      throw error;
    });
    return data(
      {
        view: "list" as const,
        pages: pages.data.map(({ name, url, title, meta_description }) => ({ name, url, title, meta_description })),
      },
      {
        headers: {
          "Cache-Control": pageCacheControl(request, signedIn, null, context.publicUrl),
          Vary: "Cookie, Accept-Language",
        },
      },
    );
  }
  const page = await loadCmsPage(request, context, "/");
  return data({ view: "page" as const, ...page.data }, { headers: page.init?.headers });
}

export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => (!formMethod && onlyTabChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate);

export default function Home() {
  const result = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  if (result.view === "page") return <CmsPage data={result} />;
  return (
    <section className="mx-auto max-w-6xl px-4 py-10">
      <h1 className="font-serif text-4xl font-semibold">{t("pages.listHeading")}</h1>
      <ul className="mt-6 grid gap-4 md:grid-cols-2">
        {result.pages.map((p) => (
          <li key={p.url} className="rounded-lg border border-stone-200 p-4 dark:border-stone-700">
            <Link to={p.url === "home" ? "/" : `/${p.url}`} className="text-xl font-semibold">
              {p.title || p.name}
            </Link>
            {p.meta_description ? (
              <p className="mt-1 text-stone-600 dark:text-stone-300">{p.meta_description}</p>
            ) : null}
          </li>
        ))}
      </ul>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
