import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData } from "@remix-run/react";

import { requireBackOffice } from "~/back-office/access.server";
import { AuditTable } from "~/back-office/audit-table";
import { dashboard, getDomain } from "~/back-office/records-api.server";
import { useBackOfficeText } from "~/back-office/text";
import { Heading, when } from "~/back-office/ui";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { isUpstreamError } from "~/lib/api/errors";
import { cacheControl } from "~/shared/cache-control";

/** The dashboard: what happened lately and what is waiting (`/admin/dashboard`). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { visitor } = await requireBackOffice(request, context);
  // An API without the dashboard (an older CMS) leaves the summary out, not the back-office.
  const [summary, settings] = await Promise.all([
    dashboard(visitor.transport).catch((error) => {
      if (isUpstreamError(error) && error.status === 404) return null;
      throw error;
    }),
    getDomain(visitor.transport),
  ]);
  // Orders to fulfil only mean something while the shop is on.
  const shop = settings.ecommerce === true;
  return data(
    { summary, shop, lng: visitor.preferences.locale },
    { headers: { "Cache-Control": cacheControl.private } },
  );
}

const cardClass = "rounded-md border border-stone-300 p-4 dark:border-stone-700";

export default function Dashboard() {
  const { summary, shop, lng } = useLoaderData<typeof loader>();
  const t = useBackOfficeText();
  const money = (cents: number) =>
    new Intl.NumberFormat(lng, { style: "currency", currency: "AUD" }).format(cents / 100);
  return (
    <>
      <Heading>{t("nav.dashboard")}</Heading>
      {!summary ? (
        <p>{t("dashboard.unavailable")}</p>
      ) : (
        <div className="grid gap-4 md:grid-cols-2">
          <section className={cardClass} aria-labelledby="d-vouchers">
            <h2 id="d-vouchers" className="font-semibold">
              {t("dashboard.vouchers")}
            </h2>
            <p className="text-2xl" data-testid="vouchers-this-month">
              {t("dashboard.vouchersSold", {
                count: summary.vouchers_this_month.count,
                amount: money(summary.vouchers_this_month.cents),
              })}
            </p>
          </section>
          {shop && typeof summary.orders_to_fulfil === "number" ? (
            <section className={cardClass} aria-labelledby="d-orders">
              <h2 id="d-orders" className="font-semibold">
                {t("dashboard.orders")}
              </h2>
              <p className="text-2xl">{summary.orders_to_fulfil}</p>
            </section>
          ) : null}
          <section className={cardClass} aria-labelledby="d-submissions">
            <h2 id="d-submissions" className="font-semibold">
              {t("dashboard.submissions")}
            </h2>
            {summary.submissions.length ? (
              <ul className="text-sm">
                {summary.submissions.map((s) => (
                  <li key={s.id}>
                    {s.form ? (
                      <Link to={`/cms/records/form/${s.form.id}/submissions`} className="underline">
                        {s.form.name}
                      </Link>
                    ) : null}{" "}
                    <time dateTime={s.created_at ?? undefined}>{when(s.created_at, lng)}</time>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm">{t("dashboard.none")}</p>
            )}
          </section>
          <section className={cardClass} aria-labelledby="d-scheduled">
            <h2 id="d-scheduled" className="font-semibold">
              {t("dashboard.scheduled")}
            </h2>
            {summary.scheduled.length ? (
              <ul className="text-sm">
                {summary.scheduled.map((s) => (
                  <li key={`${s.page_id}-${s.publish_at}`}>
                    <Link to={`/cms/pages/${s.page_id}`} className="underline">
                      {s.name}
                    </Link>{" "}
                    <time dateTime={s.publish_at ?? undefined}>{when(s.publish_at, lng)}</time>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm">{t("dashboard.none")}</p>
            )}
          </section>
          <section className={`${cardClass} md:col-span-2`} aria-labelledby="d-audit">
            <h2 id="d-audit" className="mb-2 font-semibold">
              {t("dashboard.audit")}
            </h2>
            <AuditTable entries={summary.audit} lng={lng} />
            <Link to="/cms/audit" className="mt-2 inline-block text-sm underline">
              {t("dashboard.allAudit")}
            </Link>
          </section>
        </div>
      )}
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
