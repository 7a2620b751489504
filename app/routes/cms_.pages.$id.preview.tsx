import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { pageIdParam } from "~/back-office/page-id";
import { loadPreview } from "~/back-office/preview.server";
import { CmsPage } from "~/components/cms-page";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { withRootMeta } from "~/lib/meta";

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

export const meta: MetaFunction = ({ matches }) => withRootMeta(matches, [{ name: "robots", content: "noindex" }]);

/**
 * The editor's preview (`?draft=1`, `&as_of=`, `&select=`): the page as the site draws it, outside
 * the back-office's frame, so the editor can show it in an iframe. Admins only.
 */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadPreview(request, context, pageIdParam(params.id));
}

export default function PagePreview() {
  return <CmsPage data={useLoaderData<typeof loader>()} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
