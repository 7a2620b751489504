import { useTranslation } from "react-i18next";

import { formatLongDate, formatMoney } from "@contract/formats";
import type { Order } from "@contract/shop";
import { DEFAULT_TIME_ZONE } from "@contract/site-clock";

/**
 * A date as the business writes it (it trades in Queensland, the seeded site's clock), in the
 * visitor's language: "28 November 2026" in English, as on every other screen and mail.
 */
export function shopDate(iso: string | null | undefined, locale: string) {
  if (!iso) return "";
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formatLongDate(date, DEFAULT_TIME_ZONE, locale);
}

/** A country as words in the visitor's language ("AU" → "Australia"); anything else as it is. */
function countryName(value: string, locale: string) {
  if (!/^[A-Za-z]{2}$/.test(value)) return value;
  try {
    return new Intl.DisplayNames([locale], { type: "region" }).of(value.toUpperCase()) ?? value;
  } catch {
    return value;
  }
}

/** The delivery address as lines, whatever shape the CMS keeps it in. */
function addressLines(address: unknown, locale: string): string[] {
  if (typeof address === "string") return address.split(/\n|,\s*/).filter(Boolean);
  if (!address || typeof address !== "object") return [];
  const a = address as Record<string, unknown>;
  const s = (k: string) => (typeof a[k] === "string" ? (a[k] as string).trim() : "");
  return [
    [s("first_name"), s("last_name")].filter(Boolean).join(" ") || s("name"),
    s("company"),
    s("street_address") || s("street"),
    s("street_address_1"),
    [s("city") || s("suburb"), s("state"), s("postcode")].filter(Boolean).join(" "),
    countryName(s("country"), locale),
  ].filter(Boolean);
}

/**
 * A tax invoice (spec section 2): the business with its ABN, the number and date, the delivery
 * address, each line with its add-ons, the sums with the GST included, and the status.
 */
export function InvoiceView({
  order,
  links,
}: {
  order: Order;
  /** On the screen view: the print and tickets links, the pay-now address; absent in print. */
  links?: { print: string; tickets: string | null; payNow: string | null };
}) {
  const { t, i18n } = useTranslation();
  const address = addressLines(order.address, i18n.language);
  return (
    <article className="shop-print mx-auto max-w-3xl bg-white px-4 py-10 text-stone-900 dark:bg-stone-950 dark:text-stone-100">
      <header className="flex flex-wrap justify-between gap-4">
        <div>
          <h1 className="text-3xl font-semibold">{t("shop.invoice.title")}</h1>
          <p className="mt-1">{t("shop.invoice.number", { number: order.invoice_number })}</p>
          <p>{t("shop.invoice.date", { date: shopDate(order.created_at, i18n.language) })}</p>
        </div>
        <div className="text-right">
          <p className="font-semibold">{order.business.name}</p>
          {order.business.abn ? <p>{t("footer.abn", { abn: order.business.abn })}</p> : null}
          {order.business.address ? <p>{order.business.address}</p> : null}
          {order.business.email ? <p>{order.business.email}</p> : null}
          {order.business.phone ? <p>{order.business.phone}</p> : null}
        </div>
      </header>
      {address.length ? (
        <section className="mt-6">
          <h2 className="font-semibold">{t("shop.invoice.deliverTo")}</h2>
          {address.map((line) => (
            <p key={line}>{line}</p>
          ))}
        </section>
      ) : null}
      <table className="mt-6 w-full border-collapse text-left">
        <thead>
          <tr className="border-b border-stone-400">
            <th scope="col" className="py-1">
              {t("shop.invoice.item")}
            </th>
            <th scope="col" className="py-1 text-right">
              {t("shop.invoice.qty")}
            </th>
            <th scope="col" className="py-1 text-right">
              {t("shop.invoice.price")}
            </th>
            <th scope="col" className="py-1 text-right">
              {t("shop.subtotal")}
            </th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item, i) => (
            <tr key={i} className="border-b border-stone-200 align-top">
              <td className="py-1">
                {item.product_name || item.name}
                {item.name && item.product_name && item.name !== item.product_name ? ` (${item.name})` : ""}
                {item.addons.map((a) => (
                  <span key={a.name} className="block text-sm">
                    {t("shop.addonLabel", { name: a.name, price: formatMoney(a.price) })}
                  </span>
                ))}
              </td>
              <td className="py-1 text-right tabular-nums">{item.qty}</td>
              <td className="py-1 text-right tabular-nums">{formatMoney(item.price)}</td>
              <td className="py-1 text-right tabular-nums">{formatMoney(item.subtotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="mt-4 ml-auto grid max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-1">
        <dt>{t("shop.subtotal")}</dt>
        <dd className="text-right tabular-nums">{formatMoney(order.subtotal)}</dd>
        <dt>
          {order.promotion_code ? t("shop.invoice.discountCode", { code: order.promotion_code }) : t("shop.discount")}
        </dt>
        <dd className="text-right tabular-nums">
          {formatMoney(order.discount_amount > 0 ? -order.discount_amount : 0)}
        </dd>
        <dt>{order.shipping_name ? `${t("shop.shipping")} (${order.shipping_name})` : t("shop.shipping")}</dt>
        <dd className="text-right tabular-nums">{formatMoney(order.shipping_amount)}</dd>
        {order.surcharge_amount > 0 ? (
          <>
            <dt>{t("shop.surcharge")}</dt>
            <dd className="text-right tabular-nums">{formatMoney(order.surcharge_amount)}</dd>
          </>
        ) : null}
        <dt className="font-semibold">{t("shop.total")}</dt>
        <dd className="text-right font-semibold tabular-nums">{formatMoney(order.total_amount)}</dd>
        <dt>{t("shop.invoice.gst")}</dt>
        <dd className="text-right tabular-nums">{formatMoney(order.total_tax)}</dd>
        <dt>{t("shop.invoice.status")}</dt>
        <dd className="text-right font-semibold">{orderStatusText(t, order)}</dd>
      </dl>
      {order.fulfilment_note ? (
        <p className="mt-4">
          {t("shop.invoice.fromUs")}: {order.fulfilment_note}
        </p>
      ) : null}
      {order.refunds.length ? <AdjustmentNote order={order} /> : null}
      {order.note ? (
        <p className="mt-4">
          {t("shop.note")}: {order.note}
        </p>
      ) : null}
      {links ? (
        <p className="shop-print-hide mt-8 flex flex-wrap gap-4">
          {links.payNow ? <a href={links.payNow}>{t("shop.invoice.payNow")}</a> : null}
          <a href={links.print}>{t("shop.invoice.print")}</a>
          {links.tickets ? <a href={links.tickets}>{t("shop.invoice.printTickets")}</a> : null}
        </p>
      ) : null}
    </article>
  );
}

/**
 * The adjustment note of a refunded invoice (what Australian GST law asks for when a taxable sale
 * is refunded): each refund with its date and the GST it gives back, and what the sale now comes to.
 */
function AdjustmentNote({ order }: { order: Order }) {
  const { t, i18n } = useTranslation();
  const net = Math.round((order.total_amount - order.refunded_amount) * 100) / 100;
  return (
    <section className="mt-8 border-t border-stone-400 pt-4">
      <h2 className="text-xl font-semibold">{t("shop.invoice.adjustment")}</h2>
      <p className="mt-1">{t("shop.invoice.adjustmentIntro", { number: order.invoice_number })}</p>
      <dl className="mt-2 ml-auto grid max-w-sm grid-cols-[1fr_auto] gap-x-6 gap-y-1">
        {order.refunds.map((r, i) => (
          <div key={i} className="contents">
            <dt>{t("shop.invoice.refundLine", { date: shopDate(r.created_at, i18n.language) })}</dt>
            <dd className="text-right tabular-nums">{formatMoney(-r.amount)}</dd>
            <dt className="ps-4 text-sm">{t("shop.invoice.gst")}</dt>
            <dd className="text-right text-sm tabular-nums">{formatMoney(-r.tax)}</dd>
          </div>
        ))}
        <dt className="font-semibold">{t("shop.invoice.netTotal")}</dt>
        <dd className="text-right font-semibold tabular-nums">{formatMoney(net)}</dd>
      </dl>
    </section>
  );
}

type T = (key: string, options?: Record<string, unknown>) => string;

/**
 * The words of an order's status: awaiting payment, paid, sent (fulfilled), refunded in part or
 * in full, cancelled (not paid: its hold ran out, its payment was declined) or cancelled and refunded.
 */
export function orderStatusText(t: T, order: { status: string; refunded_amount: number }) {
  const refunded = order.refunded_amount > 0;
  switch (order.status) {
    case "paid":
    case "fulfilled": {
      const base = t(order.status === "paid" ? "shop.invoice.paid" : "shop.invoice.fulfilled");
      return refunded
        ? t("shop.invoice.partlyRefunded", { status: base, amount: formatMoney(order.refunded_amount) })
        : base;
    }
    case "refunded":
      return t("shop.invoice.refunded");
    case "cancelled":
      return t(refunded ? "shop.invoice.cancelledRefunded" : "shop.invoice.cancelled");
    default:
      return t("shop.invoice.pending");
  }
}
