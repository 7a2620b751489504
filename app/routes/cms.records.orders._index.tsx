import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";

import { formatMoney } from "@contract/formats";
import { requireBackOffice } from "~/back-office/access.server";
import { listOrders } from "~/back-office/orders-api.server";
import { useBackOfficeText } from "~/back-office/text";
import { Heading, ListSearch, Pager, tableClass, when } from "~/back-office/ui";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { cacheControl } from "~/shared/cache-control";

const PAGE_SIZE = 25;

/** The shop's orders, newest first (`?q=` an invoice number or a member's email, `?page=`). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { visitor } = await requireBackOffice(request, context);
  const search = new URL(request.url).searchParams;
  const q = search.get("q")?.trim().slice(0, 100) || undefined;
  const page = Math.max(1, Number.parseInt(search.get("page") ?? "1", 10) || 1);
  const list = await listOrders(visitor.transport, { q, page, page_size: PAGE_SIZE });
  return data({ list, lng: visitor.preferences.locale }, { headers: { "Cache-Control": cacheControl.private } });
}

export default function Orders() {
  const { list, lng } = useLoaderData<typeof loader>();
  const t = useBackOfficeText();
  const [search] = useSearchParams();
  return (
    <>
      <Heading>{t("orders.title")}</Heading>
      {list.shop_open ? null : (
        <p role="status" className="mb-4 rounded-md border border-amber-500 bg-amber-50 p-3 dark:bg-amber-950">
          {t("orders.shopOff")}
        </p>
      )}
      <ListSearch label={t("records.search")} search={search} />
      {list.data.length ? (
        <table className={tableClass}>
          <thead>
            <tr>
              <th>{t("orders.invoice")}</th>
              <th>{t("orders.member")}</th>
              <th>{t("orders.total")}</th>
              <th>{t("orders.status")}</th>
              <th>{t("orders.created")}</th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((o) => (
              <tr key={o.id}>
                <td>
                  <Link to={`/cms/records/orders/${o.id}`} className="underline">
                    {o.invoice_number}
                  </Link>
                </td>
                <td>{o.member ? o.member.name || o.member.email : ""}</td>
                <td>{formatMoney(o.total_cents / 100)}</td>
                <td>
                  {t(`orders.states.${o.status}`)}
                  {o.refunded_cents > 0
                    ? ` · ${t("orders.refundedSoFar", { amount: formatMoney(o.refunded_cents / 100) })}`
                    : ""}
                </td>
                <td>{when(o.created_at, lng)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{t("orders.none")}</p>
      )}
      <Pager page={list.page} pages={list.num_pages} search={search} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
