import type { SubmissionResult } from "@conform-to/react";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { z } from "zod";

import { requireBackOffice } from "~/back-office/access.server";
import { buttonClass, inputClass } from "~/back-office/field-form";
import { backOfficeMessages } from "~/back-office/messages.server";
import { pagesApi } from "~/back-office/pages-api.server";
import { useBackOfficeText } from "~/back-office/text";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { CsrfInput } from "~/components/member/csrf-input";
import { isUpstreamError } from "~/lib/api/errors";
import { translator } from "~/lib/browser-i18n";
import { ensureCsrfToken } from "~/lib/csrf.server";
import { invalid, readSubmission, redirectWithToast } from "~/lib/forms.server";
import { cacheControl } from "~/shared/cache-control";

/** A new page: its name and its address (lower-case words joined by hyphens). */
const createSchema = z.object({
  name: z.string().trim().min(1, "pages.errors.name").max(200),
  slug: z
    .string()
    .trim()
    .max(200)
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, "pages.errors.slug"),
});

const present = (value: unknown) => (Array.isArray(value) ? value.length > 0 : Boolean(value));

/** Every page (first 100, by name), with whether a draft or a schedule waits. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const { visitor } = await requireBackOffice(request, context);
  const { data: pages } = await pagesApi(visitor.transport).list();
  return data(
    {
      csrf: ensureCsrfToken(visitor.session),
      pages: pages.map((p) => ({
        id: p.id,
        name: p.name,
        url: p.url,
        draft: Boolean(p.has_draft) || present(p.draft),
        scheduled: present(p.scheduled),
      })),
    },
    { headers: { "Cache-Control": cacheControl.private } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { visitor } = await requireBackOffice(request, context);
  const { submission } = await readSubmission(request, context, createSchema);
  if (submission.status !== "success") return invalid(submission.reply());
  const lng = visitor.preferences.locale;
  const t = translator(lng, backOfficeMessages(lng));
  try {
    const { name, slug } = submission.value;
    const page = await pagesApi(visitor.transport).create({ name, slug, url: slug, title: name });
    return redirectWithToast(visitor, `/cms/pages/${page.id}`, { kind: "success", message: t("pages.created") });
  } catch (error) {
    // 400: a value refused; 409: the address is taken. Either way, beside its field.
    if (isUpstreamError(error) && (error.status === 400 || error.status === 409)) {
      return invalid(submission.reply({ fieldErrors: error.errors ?? { slug: [error.message] } }));
    }
    throw error;
  }
}

export default function PagesList() {
  const { csrf, pages } = useLoaderData<typeof loader>();
  const reply = useActionData<SubmissionResult<string[]>>();
  const t = useBackOfficeText();
  const errorOf = (name: string) => reply?.error?.[name]?.map((m) => t(m)).join(" ");
  return (
    <div>
      <h1 className="mb-4 text-2xl font-semibold">{t("pages.title")}</h1>
      <table className="w-full text-start text-sm">
        <thead>
          <tr className="border-b border-stone-300 dark:border-stone-700">
            <th className="py-2 text-start">{t("pages.name")}</th>
            <th className="py-2 text-start">{t("pages.url")}</th>
            <th className="py-2 text-start">{t("pages.state")}</th>
          </tr>
        </thead>
        <tbody>
          {pages.map((page) => (
            <tr key={page.id} className="border-b border-stone-200 dark:border-stone-800">
              <td className="py-2">
                <Link to={`/cms/pages/${page.id}`} className="underline">
                  {page.name}
                </Link>
              </td>
              <td className="py-2 font-mono text-xs">/{page.url === "home" ? "" : page.url}</td>
              <td className="py-2">
                {page.draft ? (
                  <span className="me-1 rounded bg-amber-200 px-2 text-xs text-stone-900">{t("pages.draft")}</span>
                ) : null}
                {page.scheduled ? (
                  <span className="rounded bg-sky-200 px-2 text-xs text-stone-900">{t("pages.scheduled")}</span>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Form method="post" className="mt-8 max-w-md" aria-labelledby="new-page">
        <h2 id="new-page" className="mb-2 text-lg font-semibold">
          {t("pages.create")}
        </h2>
        <CsrfInput value={csrf} />
        {(["name", "slug"] as const).map((name) => (
          <div key={name} className="mb-3">
            <label htmlFor={`new-${name}`} className="block text-sm font-medium">
              {t(`pages.${name}`)}
            </label>
            <input
              id={`new-${name}`}
              name={name}
              required
              defaultValue={String(reply?.initialValue?.[name] ?? "")}
              aria-invalid={errorOf(name) ? true : undefined}
              aria-describedby={errorOf(name) ? `new-${name}-error` : undefined}
              className={inputClass}
            />
            {errorOf(name) ? (
              <p id={`new-${name}-error`} className="mt-1 text-sm text-red-700 dark:text-red-400">
                {errorOf(name)}
              </p>
            ) : null}
          </div>
        ))}
        <button type="submit" className={buttonClass}>
          {t("pages.createButton")}
        </button>
      </Form>
    </div>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
