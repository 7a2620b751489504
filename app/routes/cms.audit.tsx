import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useLoaderData, useSearchParams } from "@remix-run/react";

import { requireBackOffice } from "~/back-office/access.server";
import { AuditTable } from "~/back-office/audit-table";
import { MODELS } from "~/back-office/models";
import { listAudit } from "~/back-office/records-api.server";
import { useBackOfficeText } from "~/back-office/text";
import { Heading, inputClass, Pager, smallButtonClass } from "~/back-office/ui";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { cacheControl } from "~/shared/cache-control";

const AUDITED = ["page", ...MODELS.map((m) => m.name), "domain"];

/** The audit log, newest first: paged, and filtered by model (`?model=`). */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { visitor } = await requireBackOffice(request, context);
  const search = new URL(request.url).searchParams;
  const model = AUDITED.includes(search.get("model") ?? "") ? search.get("model")! : undefined;
  const page = Math.max(1, Number.parseInt(search.get("page") ?? "1", 10) || 1);
  const audit = await listAudit(visitor.transport, { model, page });
  return data({ audit, lng: visitor.preferences.locale }, { headers: { "Cache-Control": cacheControl.private } });
}

export default function Audit() {
  const { audit, lng } = useLoaderData<typeof loader>();
  const [search] = useSearchParams();
  const t = useBackOfficeText();
  return (
    <>
      <Heading>{t("audit.title")}</Heading>
      <Form method="get" className="mb-4 flex items-end gap-2">
        <label className="text-sm">
          {t("audit.model")}
          <select name="model" defaultValue={search.get("model") ?? ""} className={inputClass}>
            <option value="">{t("audit.allModels")}</option>
            {AUDITED.map((m) => (
              <option key={m} value={m}>
                {m}
              </option>
            ))}
          </select>
        </label>
        <button type="submit" className={smallButtonClass}>
          {t("audit.filter")}
        </button>
      </Form>
      <AuditTable entries={audit.data} lng={lng} />
      <Pager page={audit.page} pages={audit.num_pages} search={search} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
