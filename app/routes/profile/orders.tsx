import { useTranslation } from "react-i18next";

import { formatMoney } from "@contract/formats";
import type { OrderSummary } from "@contract/shop";
import { orderStatusText, shopDate } from "~/components/shop/invoice-view";

/** The member's orders, newest first, each a link to its invoice (only with the shop open). */
export function OrdersSection({ orders }: { orders: OrderSummary[] }) {
  const { t, i18n } = useTranslation();
  return (
    <section aria-labelledby="orders-heading" className="mt-12">
      <h2 id="orders-heading" className="text-2xl font-semibold">
        {t("shop.orders.title")}
      </h2>
      {orders.length === 0 ? (
        <p className="mt-3">{t("shop.orders.none")}</p>
      ) : (
        <table className="mt-3 w-full border-collapse text-left">
          <thead>
            <tr className="border-b border-stone-400">
              <th scope="col">{t("shop.orders.invoice")}</th>
              <th scope="col">{t("shop.orders.date")}</th>
              <th scope="col" className="text-right">
                {t("shop.total")}
              </th>
              <th scope="col">{t("shop.invoice.status")}</th>
            </tr>
          </thead>
          <tbody>
            {orders.map((o) => (
              <tr key={o.id} className="border-b border-stone-200 dark:border-stone-700">
                <td className="py-2">
                  <a href={`/invoice/${o.id}`}>{o.invoice_number || `#${o.id}`}</a>
                </td>
                <td className="py-2">{shopDate(o.created_at, i18n.language)}</td>
                <td className="py-2 text-right tabular-nums">{formatMoney(o.total_amount)}</td>
                <td className="py-2">{orderStatusText(t, o)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}
