/**
 * /tickets/{code}: a paid booking's tickets (issue 27, section 3), one per place, a page each
 * when printed: the event, the day in words, the holder and each ticket's code. The code in the
 * address is the bearer secret mailed to the buyer (as a voucher's), so the page is never indexed
 * or shared-cached; any other code is a 404.
 */
import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { dayInWords } from "@contract/formats";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { TicketCard } from "~/components/shop/ticket-card";
import { getTickets } from "~/lib/api/forms.server";
import { withRootMeta } from "~/lib/meta";
import { printLinks } from "~/lib/shop/print-links";
import { cacheControl } from "~/shared/cache-control";

export const meta: MetaFunction = ({ matches }) => withRootMeta(matches, [{ name: "robots", content: "noindex" }]);

export const links = printLinks;

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

const CODE = /^[A-Za-z2-9]{12}$/;

export async function loader({ params, context }: LoaderFunctionArgs) {
  const code = params.code ?? "";
  const headers = { "Cache-Control": cacheControl.private, "X-Robots-Tag": "noindex" };
  const visitor = await context.visitor();
  const booking = CODE.test(code) ? await getTickets(visitor.anonymousTransport, code.toUpperCase()) : null;
  if (!booking) throw data({ code }, { status: 404, headers });
  return data({ booking }, { headers });
}

export default function BookingTickets() {
  const { booking } = useLoaderData<typeof loader>();
  const { t, i18n } = useTranslation();
  const day = booking.date ? dayInWords(booking.date, i18n.language === "en" ? "en-AU" : i18n.language) : null;
  return (
    <section className="shop-print mx-auto max-w-2xl px-4 py-10">
      <h1 className="text-3xl font-semibold">{t("shop.tickets.title")}</h1>
      <p className="mb-6">{booking.form}</p>
      {booking.tickets.map((ticket) => (
        <TicketCard
          key={ticket.code}
          title={booking.form}
          date={day}
          holder={`${booking.holder} (${ticket.number}/${booking.places})`}
          code={ticket.code}
        />
      ))}
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
