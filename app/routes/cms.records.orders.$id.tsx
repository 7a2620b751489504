import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { formatMoney } from "@contract/formats";
import { requireBackOffice } from "~/back-office/access.server";
import { runOrderAction } from "~/back-office/order-actions.server";
import {
  actionsOf,
  ConfirmAction,
  type OrderAction,
  OrderActionLinks,
  OrderStatus,
  PaymentDetails,
} from "~/back-office/order-view";
import { getOrder } from "~/back-office/orders-api.server";
import { requireId } from "~/back-office/records.server";
import { useBackOfficeText } from "~/back-office/text";
import { Heading, tableClass, when } from "~/back-office/ui";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { ensureCsrfToken } from "~/lib/csrf.server";
import { cacheControl } from "~/shared/cache-control";

/** One order: its lines, address, totals, payment and refunds; `?do=` confirms an action first. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { visitor } = await requireBackOffice(request, context);
  const { data: order, shop_open } = await getOrder(visitor.transport, requireId(params.id));
  const wanted = new URL(request.url).searchParams.get("do");
  const action = actionsOf(order).find((a) => a === wanted) ?? null;
  return data(
    {
      order,
      shopOpen: shop_open,
      lng: visitor.preferences.locale,
      action,
      csrf: ensureCsrfToken(visitor.session),
      // The state the confirmation is for: two tabs confirming the same refund make one refund.
      seen: `o${order.id}-r${Math.round(order.refunded_amount * 100)}`,
    },
    { headers: { "Cache-Control": cacheControl.private } },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireBackOffice(request, context);
  return runOrderAction(request, context, requireId(params.id));
}

export default function Order() {
  const { order, shopOpen, lng, action, csrf, seen } = useLoaderData<typeof loader>();
  const result = useActionData<SubmissionResult<string[]>>();
  const t = useBackOfficeText();
  const posted = (result?.initialValue?.intent as OrderAction | undefined) ?? null;
  const confirming = posted && actionsOf(order).includes(posted) ? posted : action;
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
      <Heading actions={confirming ? null : <OrderActionLinks order={order} />}>
        {t("orders.order", { number: order.invoice_number })}
      </Heading>
      {shopOpen ? null : <p className="mb-4">{t("orders.shopOff")}</p>}
      {confirming ? (
        <ConfirmAction order={order} action={confirming} csrf={csrf} seen={seen} lastResult={result} />
      ) : null}
      <dl className="mb-6 grid gap-1 text-sm">
        <div className="flex gap-2">
          <dt className="font-medium">{t("orders.status")}</dt>
          <dd>
            <OrderStatus order={order} />
          </dd>
        </div>
        {row(t("orders.member"), order.member ? `${order.member.name} <${order.member.email}>` : "")}
        {row(t("orders.created"), when(order.created_at, lng))}
        {order.paid_at ? row(t("orders.paid"), when(order.paid_at, lng)) : null}
        {order.fulfilled_at ? row(t("orders.fulfilledAt"), when(order.fulfilled_at, lng)) : null}
        {order.fulfilment_note ? row(t("orders.note"), order.fulfilment_note) : null}
        {row(t("orders.address"), Object.values(order.address).filter(Boolean).join(", "))}
        {row(t("orders.shipping"), `${order.shipping_name} ${formatMoney(order.shipping_amount)}`)}
        {order.note ? row(t("orders.customerNote"), order.note) : null}
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
              <td>{formatMoney(item.price)}</td>
              <td>{formatMoney(item.subtotal)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <dl className="mt-4 grid gap-1 text-sm">
        {row(t("orders.subtotal"), formatMoney(order.subtotal))}
        {order.discount_amount
          ? row(`${t("orders.discount")} ${order.promotion_code ?? ""}`, formatMoney(-order.discount_amount))
          : null}
        {row(t("orders.shipping"), formatMoney(order.shipping_amount))}
        {order.surcharge_amount ? row(t("orders.surcharge"), formatMoney(order.surcharge_amount)) : null}
        {row(t("orders.total"), formatMoney(order.total_amount))}
        {row(t("orders.tax"), formatMoney(order.total_tax))}
        {order.refunded_amount ? row(t("orders.refunded"), formatMoney(-order.refunded_amount)) : null}
      </dl>
      <PaymentDetails order={order} lng={lng} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
