import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, Link, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";

import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { CsrfInput } from "~/components/member/csrf-input";
import { buttonClass, FormErrors, TextField } from "~/components/member/form-field";
import { registerLink } from "~/lib/api/profile.server";
import { getSettings } from "~/lib/api/site.server";
import { ensureFingerprint } from "~/lib/auth/session-auth.server";
import { ensureCsrfToken } from "~/lib/csrf.server";
import { invalid, readSubmission, redirectWithToast } from "~/lib/forms.server";
import { dateOfBirthRequired, email, personName } from "~/lib/member-fields";
import { translatorFor, upstreamReply } from "~/lib/member-forms.server";
import { withRootMeta } from "~/lib/meta";
import { cacheControl } from "~/shared/cache-control";

/** The sign-up form; the date of birth is asked (and then required) only when the site's setting says so. */
export const signupSchema = (askDateOfBirth: boolean) =>
  z.object({
    first_name: personName,
    last_name: personName,
    email,
    // Not asked: whatever is posted is dropped (zod strips keys the schema does not name).
    date_of_birth: askDateOfBirth
      ? dateOfBirthRequired
      : z
          .string()
          .optional()
          .transform(() => undefined),
  });
const FIELDS = ["first_name", "last_name", "email", "date_of_birth"] as const;

export const meta: MetaFunction = ({ matches }) => withRootMeta(matches, [{ name: "robots", content: "noindex" }]);

export const headers: HeadersFunction = ({ loaderHeaders, actionHeaders, errorHeaders }) =>
  errorHeaders ?? (actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders);

async function askDateOfBirth(transport: Parameters<typeof getSettings>[0]) {
  const settings = await getSettings(transport);
  return settings.ask_date_of_birth === true;
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const visitor = await context.visitor();
  if (visitor.signedIn) throw redirect("/profile");
  const sent = new URL(request.url).searchParams.get("sent") === "1";
  const csrf = ensureCsrfToken(visitor.session);
  const ask = await askDateOfBirth(visitor.transport);
  return data(
    { csrf, sent, askDateOfBirth: ask, browser: true },
    { headers: { "Cache-Control": cacheControl.private } },
  );
}

/** Sends the confirmation link. The answer is the same whatever the email (no enumeration). */
export async function action({ request, context }: ActionFunctionArgs) {
  const visitor = await context.visitor();
  const ask = await askDateOfBirth(visitor.transport);
  const { submission } = await readSubmission(request, context, signupSchema(ask));
  if (submission.status !== "success") return invalid(submission.reply());
  const t = await translatorFor(visitor);
  try {
    await registerLink(visitor.transport, {
      ...submission.value,
      fingerprint: ensureFingerprint(visitor.session),
      language: visitor.preferences.locale,
    });
  } catch (error) {
    return upstreamReply(submission, error, t, { fields: FIELDS });
  }
  return redirectWithToast(visitor, "/signup?sent=1", { kind: "success", message: t("signup.sent") });
}

export default function SignUp() {
  const { csrf, sent, askDateOfBirth: ask } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const [form, fields] = useForm({
    id: "signup",
    lastResult: sent ? undefined : lastResult,
    shouldValidate: "onBlur",
    onValidate: ({ formData }) => parseWithZod(formData, { schema: signupSchema(ask) }),
  });
  if (sent) {
    return (
      <section className="mx-auto max-w-md px-4 py-16 text-center">
        <h1 className="text-3xl font-semibold">{t("signup.checkEmail")}</h1>
        <p className="mt-3">{t("signup.checkEmailText")}</p>
        <p className="mt-6">
          <Link to="/login" className="text-brand underline">
            {t("signup.haveAccount")}
          </Link>
        </p>
      </section>
    );
  }
  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-semibold">{t("signup.title")}</h1>
      <p className="mt-3">{t("signup.intro")}</p>
      <Form method="post" className="mt-6" {...getFormProps(form)}>
        <CsrfInput value={csrf} />
        <FormErrors id={form.errorId} errors={form.errors} />
        <TextField field={fields.first_name} label={t("signup.firstName")} autoComplete="given-name" />
        <TextField field={fields.last_name} label={t("signup.lastName")} autoComplete="family-name" />
        <TextField field={fields.email} label={t("signup.email")} type="email" autoComplete="email" />
        {ask ? (
          <TextField field={fields.date_of_birth} label={t("signup.dateOfBirth")} type="date" autoComplete="bday" />
        ) : null}
        <button type="submit" className={`mt-2 ${buttonClass}`}>
          {t("signup.submit")}
        </button>
      </Form>
      <p className="mt-6">
        <Link to="/login" className="text-brand underline">
          {t("signup.haveAccount")}
        </Link>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
