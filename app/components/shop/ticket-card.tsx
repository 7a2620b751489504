import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";

/**
 * One printed ticket (a page of its own on paper): the event, then its day, holder and code. The
 * shop's event places (/print-tickets/{id}) and a form's bookings (/tickets/{code}) print the same.
 */
export function TicketCard({
  title,
  date,
  holder,
  code,
}: {
  title: string;
  date: string | null;
  holder: ReactNode;
  code: string;
}) {
  const { t } = useTranslation();
  return (
    <article data-ticket className="shop-ticket mb-6 rounded-lg border-2 border-stone-800 p-6">
      <h2 className="text-2xl font-semibold">{title}</h2>
      <dl className="mt-3 grid grid-cols-[auto_1fr] gap-x-4 gap-y-1">
        {date ? (
          <>
            <dt className="font-medium">{t("shop.tickets.date")}</dt>
            <dd>{date}</dd>
          </>
        ) : null}
        <dt className="font-medium">{t("shop.tickets.holder")}</dt>
        <dd>{holder}</dd>
        <dt className="font-medium">{t("shop.tickets.code")}</dt>
        <dd className="font-mono text-lg">{code}</dd>
      </dl>
    </article>
  );
}
