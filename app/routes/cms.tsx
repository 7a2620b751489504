import type { LoaderFunctionArgs } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";

import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { siteOrigin } from "~/lib/origin.server";

/**
 * The 'cms' page name sends the browser to the back-office on the API host. When the API is
 * embedded, the API host is this site, whose back-office routes come with their own issue.
 */
export function loader({ request, context }: LoaderFunctionArgs) {
  const apiOrigin = context.upstream.publicUrl.replace(/\/+$/, "");
  if (apiOrigin && apiOrigin !== siteOrigin(request, context)) throw redirect(`${apiOrigin}/cms`);
  throw data(null, { status: 404 });
}

export default function Cms() {
  return null;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
