import { getFormProps, useForm } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { z } from "zod";

import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { CsrfInput } from "~/components/member/csrf-input";
import { logout } from "~/lib/api/accounts.server";
import { isUpstreamError } from "~/lib/api/errors";
import { signOut } from "~/lib/auth/session-auth.server";
import { ensureCsrfToken } from "~/lib/csrf.server";
import { invalid, readSubmission, redirectWithToast } from "~/lib/forms.server";
import { getI18n } from "~/lib/i18n.server";
import { withRootMeta } from "~/lib/meta";
import { cacheControl } from "~/shared/cache-control";

/** The logout form has nothing to fill in: its CSRF token is checked before the schema runs. */
export const logoutSchema = z.object({});

export const meta: MetaFunction = ({ matches }) => withRootMeta(matches, [{ name: "robots", content: "noindex" }]);

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

/** The 'logout' page name: a signed-out visitor goes straight home; a member confirms with a form. */
export async function loader({ context }: LoaderFunctionArgs) {
  const visitor = await context.visitor();
  if (!visitor.signedIn) throw redirect("/");
  const csrf = ensureCsrfToken(visitor.session);
  return data({ csrf }, { headers: { "Cache-Control": cacheControl.private } });
}

/**
 * Ends the member's session: revoked upstream, then the tokens, member and form token go, the
 * session id and the cart key are new (signOut); then home with a message.
 */
export async function action({ request, context }: ActionFunctionArgs) {
  const { visitor, submission } = await readSubmission(request, context, logoutSchema);
  if (submission.status !== "success") return invalid(submission.reply());
  // Upstream first: the token's refresh family is revoked, so a copy of this cookie signs no one in.
  if (visitor.signedIn) {
    try {
      await logout(visitor.transport);
    } catch (error) {
      // Already refused upstream (the transport cleared it), or the upstream is away: sign out here all the same.
      if (!(error instanceof Response) && !isUpstreamError(error)) throw error;
    }
  }
  signOut(visitor.session);
  const { locale } = visitor.preferences;
  const t = (await getI18n(locale)).getFixedT(locale);
  return redirectWithToast(visitor, "/", { kind: "success", message: t("logout.done") });
}

export default function Logout() {
  const { csrf } = useLoaderData<typeof loader>();
  const lastResult = useActionData<typeof action>();
  const { t } = useTranslation();
  const [form] = useForm({
    id: "logout",
    lastResult,
    onValidate: ({ formData }) => parseWithZod(formData, { schema: logoutSchema }),
  });
  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-3xl font-semibold">{t("logout.title")}</h1>
      <p className="mt-3">{t("logout.confirm")}</p>
      <Form method="post" className="mt-6" {...getFormProps(form)}>
        <CsrfInput value={csrf} />
        {form.errors ? (
          <p id={form.errorId} role="alert" className="mb-3 text-red-700 dark:text-red-300">
            {form.errors.join(" ")}
          </p>
        ) : null}
        <button type="submit" className="rounded-md bg-brand px-5 py-3 font-medium text-white hover:bg-brand-dark">
          {t("logout.button")}
        </button>
      </Form>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
