import { getFormProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";

import { requireBackOffice } from "~/back-office/access.server";
import { done, replyWith } from "~/back-office/records.server";
import { adminReply, getDomain, updateDomain } from "~/back-office/records-api.server";
import { SETTING_SECTIONS, SETTINGS, settingsFormSchema, settingValue } from "~/back-office/settings";
import { useBackOfficeText } from "~/back-office/text";
import { buttonClass, FieldError, FormAlert, Heading, inputClass } from "~/back-office/ui";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { CsrfInput } from "~/components/member/csrf-input";
import { ensureCsrfToken } from "~/lib/csrf.server";
import { invalid, readSubmission } from "~/lib/forms.server";
import { cacheControl } from "~/shared/cache-control";

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { visitor } = await requireBackOffice(request, context);
  const settings = await getDomain(visitor.transport);
  const csrf = ensureCsrfToken(visitor.session);
  return data({ settings, csrf }, { headers: { "Cache-Control": cacheControl.private } });
}

/** Saves the settings shown (`/admin/domain/update` merges them); the site shows them at once. */
export async function action({ request, context }: ActionFunctionArgs) {
  await requireBackOffice(request, context);
  const { visitor, submission } = await readSubmission(request, context, settingsFormSchema);
  if (submission.status !== "success") return invalid(submission.reply());
  // A number or JSON left empty, or no time zone, leaves the setting as it is.
  const settings = Object.fromEntries(
    Object.entries(submission.value).filter(([key, v]) => v !== null && !(key === "time_zone" && v === "")),
  );
  try {
    await updateDomain(visitor.transport, settings);
  } catch (error) {
    const { reply, status } = adminReply(
      submission,
      error,
      SETTINGS.map((s) => s.key),
      "settings.",
    );
    return replyWith(reply, status);
  }
  return done(visitor, "/cms/settings", "settings.saved");
}

export default function Settings() {
  const { settings, csrf } = useLoaderData<typeof loader>();
  const lastResult = useActionData<SubmissionResult<string[]>>();
  const t = useBackOfficeText();
  const defaultValue = Object.fromEntries(SETTINGS.map((s) => [s.key, settingValue(s.kind, settings[s.key])]));
  const [form, fields] = useForm({
    id: "site-settings",
    lastResult,
    defaultValue: defaultValue as Record<string, string>,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: settingsFormSchema }),
  });
  return (
    <>
      <Heading>{t("settings.title")}</Heading>
      <p className="mb-4 max-w-3xl text-sm">{t("settings.intro")}</p>
      <Form method="post" {...getFormProps(form)} className="max-w-3xl">
        <CsrfInput value={csrf} />
        <FormAlert id={form.errorId} errors={form.errors} />
        {SETTING_SECTIONS.map((section) => (
          <fieldset key={section.name} className="mb-6 rounded-md border border-stone-300 p-4 dark:border-stone-700">
            <legend className="px-1 text-lg font-semibold">{t(`settings.sections.${section.name}`)}</legend>
            {section.settings.map(({ key, kind }) => {
              const field = fields[key];
              const value = defaultValue[key];
              const initial = field.initialValue ?? (kind === "flag" ? undefined : value);
              return (
                <div key={key} className="mb-3">
                  {kind === "flag" ? (
                    <label className="inline-flex items-center gap-2">
                      <input
                        type="checkbox"
                        name={key}
                        id={field.id}
                        defaultChecked={lastResult ? field.initialValue === "on" : value === true}
                      />
                      <code>{key}</code>
                    </label>
                  ) : (
                    <>
                      <label htmlFor={field.id} className="block">
                        <code>{key}</code>
                      </label>
                      {kind === "json" ? (
                        <textarea
                          id={field.id}
                          name={key}
                          rows={6}
                          defaultValue={String(initial ?? "")}
                          aria-invalid={field.errors ? true : undefined}
                          aria-describedby={field.errors ? field.errorId : undefined}
                          className={`${inputClass} font-mono text-xs`}
                        />
                      ) : (
                        <input
                          id={field.id}
                          name={key}
                          type={kind === "number" ? "number" : "text"}
                          step={kind === "number" ? "any" : undefined}
                          defaultValue={String(initial ?? "")}
                          aria-invalid={field.errors ? true : undefined}
                          aria-describedby={field.errors ? field.errorId : undefined}
                          className={inputClass}
                        />
                      )}
                    </>
                  )}
                  <FieldError id={field.errorId} errors={field.errors} />
                </div>
              );
            })}
          </fieldset>
        ))}
        <button type="submit" className={buttonClass}>
          {t("common.save")}
        </button>
      </Form>
    </>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
