import { useTranslation } from "react-i18next";

import { formatMoney } from "@contract/formats";

/** What the cart or the order comes to, as the CMS worked it out: a description list. */
export function CartTotals({
  subtotal,
  discount,
  shipping,
  surcharge = 0,
  total,
  tax,
}: {
  subtotal: number;
  discount: number;
  shipping: number;
  /** The card surcharge (payment_surcharges), its own line when it is not zero. */
  surcharge?: number;
  total: number;
  tax: number;
}) {
  const { t } = useTranslation();
  const rows = [
    { label: t("shop.subtotal"), value: formatMoney(subtotal) },
    { label: t("shop.discount"), value: formatMoney(discount > 0 ? -discount : 0) },
    { label: t("shop.shipping"), value: formatMoney(shipping) },
    ...(surcharge > 0 ? [{ label: t("shop.surcharge"), value: formatMoney(surcharge) }] : []),
    { label: t("shop.total"), value: formatMoney(total), strong: true },
    { label: t("shop.includesGst"), value: formatMoney(tax) },
  ];
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-6 gap-y-1">
      {rows.map((r) => (
        <div key={r.label} className={`contents ${r.strong ? "font-semibold" : ""}`}>
          <dt>{r.label}</dt>
          <dd className="text-right tabular-nums">{r.value}</dd>
        </div>
      ))}
    </dl>
  );
}
