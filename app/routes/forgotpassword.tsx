import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";

import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { CsrfInput } from "~/components/member/csrf-input";
import { buttonClass, FormErrors, TextField } from "~/components/member/form-field";
import { PasswordInput } from "~/components/member/password-input";
import { recoverPassword, recoverPasswordCheck } from "~/lib/api/profile.server";
import { ensureCsrfToken } from "~/lib/csrf.server";
import { invalid, readSubmission, redirectWithToast } from "~/lib/forms.server";
import { code, email, newPassword } from "~/lib/member-fields";
import { translatorFor, upstreamReply } from "~/lib/member-forms.server";
import { withRootMeta } from "~/lib/meta";
import { cacheControl } from "~/shared/cache-control";

/** Step 1 asks for a code by mail; step 2 sets the new password with it. */
export const recoverSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("request"), email }),
  z.object({ intent: z.literal("reset"), email, code, newpassword: newPassword }),
]);

export const meta: MetaFunction = ({ matches }) => withRootMeta(matches, [{ name: "robots", content: "noindex" }]);

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders, errorHeaders }) =>
  errorHeaders ?? (actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders);

/** `?email=…&code=…` (the mail's link, or after step 1) opens step 2 with them filled in; nothing is spent by opening it. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const visitor = await context.visitor();
  const query = new URL(request.url).searchParams;
  const given = {
    email: email.safeParse(query.get("email") ?? undefined).data ?? "",
    code: code.safeParse(query.get("code") ?? undefined).data ?? "",
  };
  const csrf = ensureCsrfToken(visitor.session);
  return data({ csrf, ...given, browser: true }, { headers: { "Cache-Control": cacheControl.private } });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const { visitor, submission } = await readSubmission(request, context, recoverSchema);
  if (submission.status !== "success") return invalid(submission.reply());
  const t = await translatorFor(visitor);
  const value = submission.value;
  const language = visitor.preferences.locale;
  try {
    if (value.intent === "request") {
      await recoverPassword(visitor.transport, { email: value.email, language });
      // The same answer whether or not the address has an account.
      const next = `/forgotpassword?${new URLSearchParams({ email: value.email })}`;
      return redirectWithToast(visitor, next, { kind: "info", message: t("recover.sent") });
    }
    const { intent: _, ...check } = value;
    await recoverPasswordCheck(visitor.transport, check);
  } catch (error) {
    return upstreamReply(submission, error, t, { fields: ["email", "code", "newpassword"], codeField: "code" });
  }
  return redirectWithToast(visitor, "/login", { kind: "success", message: t("recover.done") });
}

export default function ForgotPassword() {
  const loaded = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const step = loaded.email || lastResult?.initialValue?.intent === "reset" ? "reset" : "request";
  const [form, fields] = useForm({
    id: `recover-${step}`,
    lastResult,
    shouldValidate: "onBlur",
    defaultValue: { email: loaded.email, code: loaded.code },
    onValidate: ({ formData }) => parseWithZod(formData, { schema: recoverSchema }),
  });
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-semibold">{t("recover.title")}</h1>
      <p className="mt-3">{step === "request" ? t("recover.introRequest") : t("recover.introReset")}</p>
      <Form method="post" className="mt-6" {...getFormProps(form)}>
        <CsrfInput value={loaded.csrf} />
        <input type="hidden" name="intent" value={step} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField field={fields.email} label={t("recover.email")} type="email" autoComplete="email" />
        {step === "reset" ? (
          <>
            <TextField
              field={fields.code}
              label={t("recover.code")}
              autoComplete="one-time-code"
              hint={t("recover.codeHint")}
              extra={{ inputMode: loaded.code.length > 6 ? undefined : "numeric", spellCheck: false }}
            />
            <PasswordInput
              field={fields.newpassword}
              label={t("recover.newPassword")}
              hint={t("recover.passwordHint")}
            />
          </>
        ) : null}
        <button type="submit" className={`mt-2 ${buttonClass}`}>
          {step === "request" ? t("recover.sendCode") : t("recover.setPassword")}
        </button>
      </Form>
      <p className="mt-6 flex flex-wrap gap-4">
        {step === "reset" ? (
          <Link to="/forgotpassword" className="text-brand underline">
            {t("recover.sendAgain")}
          </Link>
        ) : null}
        <Link to="/login" className="text-brand underline">
          {t("recover.backToLogin")}
        </Link>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
