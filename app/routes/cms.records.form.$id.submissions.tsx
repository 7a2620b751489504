import type { LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useLoaderData, useSearchParams } from "@remix-run/react";

import { requireBackOffice } from "~/back-office/access.server";
import { requireId } from "~/back-office/records.server";
import { getRecord, listSubmissions } from "~/back-office/records-api.server";
import { useBackOfficeText } from "~/back-office/text";
import { buttonClass, Heading, Pager, tableClass, when } from "~/back-office/ui";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { cacheControl } from "~/shared/cache-control";

/** A form's submissions, newest first, and the CSV download of all of them. */
export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { visitor } = await requireBackOffice(request, context);
  const id = requireId(params.id);
  const page = Math.max(1, Number.parseInt(new URL(request.url).searchParams.get("page") ?? "1", 10) || 1);
  const [form, list] = await Promise.all([
    getRecord(visitor.transport, "form", id),
    listSubmissions(visitor.transport, id, page),
  ]);
  return data(
    { id, name: String(form.name ?? ""), list, lng: visitor.preferences.locale },
    { headers: { "Cache-Control": cacheControl.private } },
  );
}

const answersOf = (s: Record<string, unknown>) => {
  const answers = s.answers;
  if (!answers || typeof answers !== "object") return "";
  return Object.entries(answers as Record<string, unknown>)
    .map(([k, v]) => `${k}: ${typeof v === "object" ? JSON.stringify(v) : String(v)}`)
    .join("; ");
};

export default function Submissions() {
  const { id, name, list, lng } = useLoaderData<typeof loader>();
  const submissions = list.data;
  const [search] = useSearchParams();
  const t = useBackOfficeText();
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to={`/cms/records/form/${id}`} className="underline">
          {name}
        </Link>
      </p>
      <Heading
        actions={
          <a href={`/cms/records/form/${id}/submissions.csv`} download className={buttonClass}>
            {t("records.downloadCsv")}
          </a>
        }
      >
        {t("records.submissionsOf", { name })}
      </Heading>
      {submissions.length ? (
        <table className={tableClass}>
          <thead>
            <tr>
              <th>{t("audit.at")}</th>
              <th>{t("records.status")}</th>
              <th>{t("records.answers")}</th>
            </tr>
          </thead>
          <tbody>
            {submissions.map((s) => (
              <tr key={s.id}>
                <td>{when(s.created_at, lng)}</td>
                <td>{String(s.status ?? "")}</td>
                <td className="break-all">{answersOf(s)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{t("records.noSubmissions")}</p>
      )}
      <Pager page={list.page} pages={list.num_pages} search={search} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
