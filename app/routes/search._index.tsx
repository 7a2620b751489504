import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";

import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { SearchPage } from "~/components/search/search-page";
import { withRootMeta } from "~/lib/meta";
import { loadSearchPage } from "~/lib/search-page.server";

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

export const meta: MetaFunction<typeof loader> = ({ matches, data }) =>
  withRootMeta(matches, [...(data ? [{ title: data.title }] : []), { name: "robots", content: "noindex" }]);

/** /search?q=: site search (the header's form and the SearchAction land here). */
export function loader(args: LoaderFunctionArgs) {
  return loadSearchPage(args, new URL(args.request.url).searchParams.get("q") ?? "");
}

export default SearchPage;

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
