import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { InvoiceView } from "~/components/shop/invoice-view";
import { withRootMeta } from "~/lib/meta";
import { loadInvoice } from "~/lib/shop/invoice.server";
import { printLinks } from "~/lib/shop/print-links";

export const meta: MetaFunction = ({ matches }) => withRootMeta(matches, [{ name: "robots", content: "noindex" }]);

export const links = printLinks;

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

/** /invoice/{id} (also /show-invoice/{id}): the member's tax invoice, and a payment's return. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadInvoice(request, context, params.id);
}

export default function Invoice() {
  const { order, payNow, payment, hasTickets, base } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="px-4">
      {payment === "paid" ? (
        <p
          role="status"
          className="mx-auto mt-8 max-w-3xl rounded-md border border-emerald-600 bg-emerald-50 p-3 text-emerald-950"
        >
          {t("shop.invoice.paymentSuccess")}
        </p>
      ) : payment === "failed" ? (
        <p role="alert" className="mx-auto mt-8 max-w-3xl rounded-md border border-red-600 bg-red-50 p-3 text-red-950">
          {t("shop.invoice.paymentFailed")}
        </p>
      ) : null}
      <InvoiceView
        order={order}
        links={{
          print: `${base}/print/${order.id}`,
          tickets: hasTickets ? `/print-tickets/${order.id}` : null,
          payNow,
        }}
      />
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
