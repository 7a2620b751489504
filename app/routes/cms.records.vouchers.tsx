import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";

import { requireBackOffice } from "~/back-office/access.server";
import { useBackOfficeText } from "~/back-office/text";
import { Heading, ListSearch, Pager, tableClass, when } from "~/back-office/ui";
import { listVouchers, voucherLiability } from "~/back-office/vouchers-api.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { cacheControl } from "~/shared/cache-control";

const PAGE_SIZE = 25;

/** The sold gift vouchers (searched by code or buyer, paged) and the liability by month. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { visitor } = await requireBackOffice(request, context);
  const search = new URL(request.url).searchParams;
  const q = search.get("q")?.trim().slice(0, 100) || undefined;
  const page = Math.max(1, Number.parseInt(search.get("page") ?? "1", 10) || 1);
  const [list, liability] = await Promise.all([
    listVouchers(visitor.transport, { q, page, page_size: PAGE_SIZE }),
    voucherLiability(visitor.transport),
  ]);
  return data(
    { list, liability, lng: visitor.preferences.locale },
    { headers: { "Cache-Control": cacheControl.private } },
  );
}

export default function Vouchers() {
  const { list, liability, lng } = useLoaderData<typeof loader>();
  const t = useBackOfficeText();
  const [search] = useSearchParams();
  const money = (dollars: number) => dollars.toFixed(2);
  return (
    <>
      <Heading>{t("vouchers.title")}</Heading>
      <ListSearch label={t("vouchers.search")} search={search} />
      <p className="mb-2 text-sm">{t("records.count", { count: list.num_items })}</p>
      <table className={tableClass}>
        <thead>
          <tr>
            <th>{t("vouchers.code")}</th>
            <th>{t("vouchers.amount")}</th>
            <th>{t("vouchers.theme")}</th>
            <th>{t("vouchers.buyer")}</th>
            <th>{t("vouchers.payment")}</th>
            <th>{t("vouchers.redeemedAt")}</th>
          </tr>
        </thead>
        <tbody>
          {list.data.map((v) => (
            <tr key={v.id}>
              <td className="font-mono">{v.code ?? "—"}</td>
              <td>{money(v.amount_cents / 100)}</td>
              <td>{v.theme ?? ""}</td>
              <td>{v.buyer_email}</td>
              <td>{v.paid ? t("vouchers.paid") : t("vouchers.pending")}</td>
              <td>{v.redeemed_at ? when(v.redeemed_at, lng) : t("vouchers.notRedeemed")}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <Pager page={list.page} pages={list.num_pages} search={search} />

      <h2 className="mb-2 mt-8 text-xl font-semibold">{t("vouchers.liability")}</h2>
      {liability.length ? (
        <table className={tableClass}>
          <thead>
            <tr>
              <th>{t("vouchers.month")}</th>
              <th>{t("vouchers.issued")}</th>
              <th>{t("vouchers.redeemed")}</th>
              <th>{t("vouchers.outstanding")}</th>
            </tr>
          </thead>
          <tbody>
            {liability.map((m) => (
              <tr key={m.month}>
                <td>{m.month}</td>
                <td>{money(m.issued)}</td>
                <td>{money(m.redeemed)}</td>
                <td>{money(m.outstanding)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{t("vouchers.noLiability")}</p>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
