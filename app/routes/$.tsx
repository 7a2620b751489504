import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { useLoaderData } from "@remix-run/react";

import { CmsPage, onlyTabChanged } from "~/components/cms-page";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { loadCmsPage } from "~/lib/cms-page.server";
import { cmsPageMeta } from "~/lib/meta";

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ data, matches, location }) =>
  cmsPageMeta(matches, data, location.pathname);

export async function loader({ request, context }: LoaderFunctionArgs) {
  return loadCmsPage(request, context, new URL(request.url).pathname);
}

export const shouldRevalidate: ShouldRevalidateFunction = ({
  currentUrl,
  nextUrl,
  formMethod,
  defaultShouldRevalidate,
}) => (!formMethod && onlyTabChanged(currentUrl, nextUrl) ? false : defaultShouldRevalidate);

export default function CmsPageRoute() {
  return <CmsPage data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
