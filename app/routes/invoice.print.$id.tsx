import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";

import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { InvoiceView } from "~/components/shop/invoice-view";
import { withRootMeta } from "~/lib/meta";
import { loadInvoice } from "~/lib/shop/invoice.server";
import { printLinks } from "~/lib/shop/print-links";

export const meta: MetaFunction = ({ matches }) => withRootMeta(matches, [{ name: "robots", content: "noindex" }]);

export const links = printLinks;

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

/** /invoice/print/{id} (also /show-invoice/print/{id}): the invoice laid out for A4, no script. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadInvoice(request, context, params.id);
}

export default function PrintInvoice() {
  const { order } = useLoaderData<typeof loader>();
  return <InvoiceView order={order} />;
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
