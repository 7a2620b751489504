import { type SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Link, useActionData, useLoaderData } from "@remix-run/react";

import { requireBackOffice } from "~/back-office/access.server";
import { modelSpec } from "~/back-office/models";
import { runRecordAction } from "~/back-office/record-actions.server";
import { RecordForm } from "~/back-office/record-form";
import { groupTree, requireModel } from "~/back-office/records.server";
import { useBackOfficeText } from "~/back-office/text";
import { Heading } from "~/back-office/ui";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { ensureCsrfToken } from "~/lib/csrf.server";
import { cacheControl } from "~/shared/cache-control";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { visitor } = await requireBackOffice(request, context);
  const spec = requireModel(params.model);
  const groups = spec.fields.some((f) => f.kind === "group") ? await groupTree(visitor.transport) : [];
  const csrf = ensureCsrfToken(visitor.session);
  return data({ model: spec.name, groups, csrf }, { headers: { "Cache-Control": cacheControl.private } });
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireBackOffice(request, context);
  return runRecordAction(request, context, requireModel(params.model), null);
}

/** A new record of a model: its form, empty. */
export default function NewRecord() {
  const { model, groups, csrf } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const t = useBackOfficeText();
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to={`/cms/records/${model}`} className="underline">
          {t(`records.models.${model}`)}
        </Link>
      </p>
      <Heading>{t("records.newTitle", { model: t(`records.models.${model}`) })}</Heading>
      <RecordForm spec={modelSpec(model)!} record={null} groups={groups} csrf={csrf} lastResult={lastResult} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
