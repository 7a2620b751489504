import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";

import { requireBackOffice } from "~/back-office/access.server";
import { modelSpec } from "~/back-office/models";
import { PhotoSection } from "~/back-office/photos";
import { photosOf, runRecordAction } from "~/back-office/record-actions.server";
import { RecordForm } from "~/back-office/record-form";
import { groupTree, requireId, requireModel } from "~/back-office/records.server";
import { getRecord } from "~/back-office/records-api.server";
import { useBackOfficeText } from "~/back-office/text";
import { dangerButtonClass, Heading, smallButtonClass } from "~/back-office/ui";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { CsrfInput } from "~/components/member/csrf-input";
import { isUpstreamError } from "~/lib/api/errors";
import { ensureCsrfToken } from "~/lib/csrf.server";
import { cacheControl } from "~/shared/cache-control";

export async function loader({ request, context, params }: LoaderFunctionArgs) {
  const { visitor } = await requireBackOffice(request, context);
  const spec = requireModel(params.model);
  const id = requireId(params.id);
  const [record, groups] = await Promise.all([
    getRecord(visitor.transport, spec.name, id).catch((error) => {
      if (isUpstreamError(error) && error.status === 404) throw new Response("Not Found", { status: 404 });
      throw error;
    }),
    spec.fields.some((f) => f.kind === "group") ? groupTree(visitor.transport) : [],
  ]);
  const csrf = ensureCsrfToken(visitor.session);
  const confirmDelete = new URL(request.url).searchParams.has("delete");
  return data(
    { model: spec.name, record, photos: spec.photos ? photosOf(record) : [], groups, csrf, confirmDelete },
    { headers: { "Cache-Control": cacheControl.private } },
  );
}

export async function action({ request, context, params }: ActionFunctionArgs) {
  await requireBackOffice(request, context);
  return runRecordAction(request, context, requireModel(params.model), requireId(params.id));
}

/** One record: its form, its photos (product, gallery), and Delete behind a confirmation step. */
export default function EditRecord() {
  const { model, record, photos, groups, csrf, confirmDelete } = useLoaderData<typeof loader>();
  const result = useActionData<SubmissionResult<string[]> & { initialValue?: { intent?: unknown } | null }>();
  const t = useBackOfficeText();
  const spec = modelSpec(model)!;
  const intent = result?.initialValue?.intent;
  const name = String(record.name ?? record.heading ?? record.email ?? record.from_path ?? `#${record.id}`);
  return (
    <>
      <p className="mb-2 text-sm">
        <Link to={`/cms/records/${model}`} className="underline">
          {t(`records.models.${model}`)}
        </Link>
      </p>
      <Heading
        actions={
          <>
            {model === "form" ? (
              <Link to={`/cms/records/form/${record.id}/submissions`} className={smallButtonClass}>
                {t("records.submissions")}
              </Link>
            ) : null}
            <Link to="?delete" className={dangerButtonClass}>
              {t("records.delete")}
            </Link>
          </>
        }
      >
        {name}
      </Heading>
      {confirmDelete ? (
        <Form method="post" className="mb-6 rounded-md border border-red-600 p-4" role="alertdialog">
          <p className="mb-3">{t("records.confirmDelete", { name })}</p>
          <CsrfInput value={csrf} />
          <input type="hidden" name="intent" value="delete" />
          <div className="flex gap-2">
            <button type="submit" className={dangerButtonClass}>
              {t("records.deleteConfirm")}
            </button>
            <Link to="?" className={smallButtonClass}>
              {t("common.cancel")}
            </Link>
          </div>
        </Form>
      ) : null}
      {spec.photos ? (
        <PhotoSection
          model={model}
          photos={photos}
          csrf={csrf}
          lastResult={intent === "photo" || result?.error?.photo ? result : undefined}
        />
      ) : null}
      <RecordForm
        key={String(record.id)}
        spec={spec}
        record={record}
        groups={groups}
        csrf={csrf}
        lastResult={intent === "photo" || result?.error?.photo ? undefined : result}
      />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
