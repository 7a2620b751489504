import { getFormProps, getInputProps, type SubmissionResult, useForm } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData, useSearchParams } from "@remix-run/react";

import { requireBackOffice } from "~/back-office/access.server";
import { runDocumentAction } from "~/back-office/documents.server";
import { listRecords } from "~/back-office/records-api.server";
import { useBackOfficeText } from "~/back-office/text";
import {
  dangerButtonClass,
  FieldError,
  FormAlert,
  Heading,
  inputClass,
  Pager,
  smallButtonClass,
  tableClass,
} from "~/back-office/ui";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { CsrfInput } from "~/components/member/csrf-input";
import { ensureCsrfToken } from "~/lib/csrf.server";
import { cacheControl } from "~/shared/cache-control";

const PAGE_SIZE = 25;
const FILE_PATH = "/api/v1/cognito/default/file/";

/** The stored documents (PDFs), newest first; `?delete={id}` asks to confirm a deletion. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { visitor } = await requireBackOffice(request, context);
  const search = new URL(request.url).searchParams;
  const page = Math.max(1, Number.parseInt(search.get("page") ?? "1", 10) || 1);
  const list = await listRecords(visitor.transport, "file", {
    sort: "created_at",
    dir: "desc",
    page,
    page_size: PAGE_SIZE,
  });
  const confirm = Number.parseInt(search.get("delete") ?? "", 10) || null;
  return data(
    { list, csrf: ensureCsrfToken(visitor.session), confirm, lng: visitor.preferences.locale },
    { headers: { "Cache-Control": cacheControl.private } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  await requireBackOffice(request, context);
  return runDocumentAction(request, context);
}

export default function Documents() {
  const { list, csrf, confirm, lng } = useLoaderData<typeof loader>();
  const t = useBackOfficeText();
  const [search] = useSearchParams();
  const result = useActionData<SubmissionResult<string[]>>();
  const [form, fields] = useForm({ id: "document-upload", lastResult: result });
  const size = new Intl.NumberFormat(lng, { style: "unit", unit: "kilobyte", maximumFractionDigits: 0 });
  const confirming = list.data.find((f) => f.id === confirm);
  return (
    <>
      <Heading>{t("documents.title")}</Heading>
      {confirming ? (
        <Form method="post" className="mb-6 rounded-md border border-red-600 p-4" role="alertdialog">
          <p className="mb-3">{t("records.confirmDelete", { name: String(confirming.name ?? "") })}</p>
          <CsrfInput value={csrf} />
          <input type="hidden" name="intent" value="delete" />
          <input type="hidden" name="id" value={confirming.id} />
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
      <Form method="post" encType="multipart/form-data" {...getFormProps(form)} className="mb-6 max-w-md">
        <CsrfInput value={csrf} />
        <input type="hidden" name="intent" value="upload" />
        <FormAlert id={form.errorId} errors={form.errors} />
        <label htmlFor={fields.document.id} className="block font-medium">
          {t("documents.upload")}
        </label>
        <input
          {...getInputProps(fields.document, { type: "file" })}
          key={fields.document.key}
          accept="application/pdf"
          className={`text-sm ${inputClass}`}
        />
        <FieldError id={fields.document.errorId} errors={fields.document.errors} />
        <button type="submit" className={`mt-2 ${smallButtonClass}`}>
          {t("documents.uploadButton")}
        </button>
      </Form>
      {list.data.length ? (
        <table className={tableClass}>
          <thead>
            <tr>
              <th>{t("documents.name")}</th>
              <th>{t("documents.size")}</th>
              <th>
                <span className="sr-only">{t("records.delete")}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {list.data.map((f) => (
              <tr key={f.id}>
                <td>
                  <a href={`${FILE_PATH}${f.id}`} download className="underline">
                    {String(f.name ?? "")}
                  </a>
                </td>
                <td>{size.format(Math.max(1, Math.round(Number(f.size ?? 0) / 1024)))}</td>
                <td>
                  <Link to={`?delete=${f.id}`} className={smallButtonClass}>
                    {t("records.delete")}
                  </Link>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : (
        <p>{t("documents.none")}</p>
      )}
      <Pager page={list.page} pages={list.num_pages} search={search} />
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
