import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { shopDate } from "~/components/shop/invoice-view";
import { TicketCard } from "~/components/shop/ticket-card";
import { withRootMeta } from "~/lib/meta";
import { loadTickets } from "~/lib/shop/invoice.server";
import { printLinks } from "~/lib/shop/print-links";

export const meta: MetaFunction = ({ matches }) => withRootMeta(matches, [{ name: "robots", content: "noindex" }]);

export const links = printLinks;

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

/** /print-tickets/{id}: one ticket per place of a paid order's events, a page each when printed. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  return loadTickets(request, context, params.id);
}

export default function PrintTickets() {
  const { invoiceNumber, tickets } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  return (
    <section className="shop-print mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-semibold">{t("shop.tickets.title")}</h1>
      <p className="mb-6">{t("shop.invoice.number", { number: invoiceNumber })}</p>
      {tickets.map((ticket) => (
        <TicketCard
          key={ticket.code}
          title={ticket.name}
          date={shopDate(ticket.event_date, i18n.language)}
          holder={ticket.holder}
          code={ticket.code}
        />
      ))}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
