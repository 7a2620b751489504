import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { requireBackOffice } from "~/back-office/access.server";
import { getOrder } from "~/back-office/orders-api.server";
import { requireId } from "~/back-office/records.server";
import { useBackOfficeText } from "~/back-office/text";
import { Heading, tableClass, when } from "~/back-office/ui";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { cacheControl } from "~/shared/cache-control";

/** One order: its lines, delivery address, shipping, totals and payment. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { visitor } = await requireBackOffice(request, context);
  const { data: order, shop_open } = await getOrder(visitor.transport, requireId(params.id));
  return data(
    { order, shopOpen: shop_open, lng: visitor.preferences.locale },
    { headers: { "Cache-Control": cacheControl.private } },
  );
}

export default function Order() {
  const { order, shopOpen, lng } = useLoaderData<typeof loader>();
  const t = useBackOfficeText();
  const money = (dollars: number) => dollars.toFixed(2);
  const row = (label: string, value: string) => (
    <div className="flex gap-2">
      <dt className="font-medium">{label}</dt>
      <dd>{value}</dd>
    </div>
  );
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to="/cms/records/orders" className="underline">
          {t("orders.back")}
        </Link>
      </p>
      <Heading>{t("orders.order", { number: order.invoice_number })}</Heading>
      {shopOpen ? null : <p className="mb-4">{t("orders.shopOff")}</p>}
      <dl className="mb-6 grid gap-1 text-sm">
        {row(t("orders.member"), order.member ? `${order.member.name} <${order.member.email}>` : "")}
        {row(t("orders.created"), when(order.created_at, lng))}
        {row(
          t("orders.payment"),
          order.status === "paid"
            ? `${t("orders.paid")} ${when(order.paid_at, lng)}${order.payment ? ` (${order.payment.gateway})` : ""}`
            : t("orders.unpaid"),
        )}
        {row(t("orders.address"), Object.values(order.address).filter(Boolean).join(", "))}
        {row(t("orders.shipping"), `${order.shipping_name} ${money(order.shipping_amount)}`)}
      </dl>
      <h2 className="mb-2 text-xl font-semibold">{t("orders.lines")}</h2>
      <table className={tableClass}>
        <thead>
          <tr>
            <th>{t("orders.product")}</th>
            <th>{t("orders.qty")}</th>
            <th>{t("orders.price")}</th>
            <th>{t("orders.total")}</th>
          </tr>
        </thead>
        <tbody>
          {order.items.map((item, i) => (
            <tr key={i}>
              <td>
                {item.name}
                {item.addons.length ? ` + ${item.addons.map((a) => a.name).join(", ")}` : ""}
                <span className="ms-2 font-mono text-xs">{item.sku_code}</span>
              </td>
              <td>{item.qty}</td>
              <td>{money(item.price)}</td>
              <td>{money(item.subtotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="mt-4 grid gap-1 text-sm">
        {row(t("orders.subtotal"), money(order.subtotal))}
        {order.discount_amount
          ? row(`${t("orders.discount")} ${order.promotion_code ?? ""}`, `-${money(order.discount_amount)}`)
          : null}
        {row(t("orders.shipping"), money(order.shipping_amount))}
        {row(t("orders.total"), money(order.total_amount))}
        {row(t("orders.tax"), money(order.total_tax))}
      </dl>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
