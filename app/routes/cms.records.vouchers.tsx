import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData, useSearchParams } from "@remix-run/react";

import { requireBackOffice } from "~/back-office/access.server";
import { useBackOfficeText } from "~/back-office/text";
import { Heading, ListSearch, Pager } from "~/back-office/ui";
import { listVouchers, voucherLiability } from "~/back-office/vouchers-api.server";
import { LiabilityReport, SoldVouchersTable } from "~/back-office/vouchers-view";
import { siteZone } from "~/back-office/when.server";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { cacheControl } from "~/shared/cache-control";

const PAGE_SIZE = 25;

/**
 * The sold gift vouchers (searched by code or buyer, paged) with their state, expiry, balance and
 * redemption, and the liability by month with what is outstanding now.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { visitor } = await requireBackOffice(request, context);
  const search = new URL(request.url).searchParams;
  const q = search.get("q")?.trim().slice(0, 100) || undefined;
  const page = Math.max(1, Number.parseInt(search.get("page") ?? "1", 10) || 1);
  const [list, liability, zone] = await Promise.all([
    listVouchers(visitor.transport, { q, page, page_size: PAGE_SIZE }),
    voucherLiability(visitor.transport),
    siteZone(visitor.transport),
  ]);
  return data(
    { list, liability, zone, lng: visitor.preferences.locale },
    { headers: { "Cache-Control": cacheControl.private } },
  );
}

export default function Vouchers() {
  const { list, liability, zone, lng } = useLoaderData<typeof loader>();
  const t = useBackOfficeText();
  const [search] = useSearchParams();
  return (
    <>
      <Heading>{t("vouchers.title")}</Heading>
      <ListSearch label={t("vouchers.search")} search={search} />
      <p className="mb-2 text-sm">{t("records.count", { count: list.num_items })}</p>
      <SoldVouchersTable vouchers={list.data} lng={lng} zone={zone} />
      <Pager page={list.page} pages={list.num_pages} search={search} />

      <h2 className="mb-2 mt-8 text-xl font-semibold">{t("vouchers.liability")}</h2>
      <LiabilityReport liability={liability} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
