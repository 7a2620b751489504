import { withRootMeta } from "~/lib/meta";
import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data, redirect } from "@remix-run/node";
import { Form, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { cacheControl } from "~/lib/cache-control";
import { CSRF_FIELD, ensureCsrfToken, readProtectedForm } from "~/lib/csrf.server";

export const meta: MetaFunction = ({ matches }) => withRootMeta(matches, [{ name: "robots", content: "noindex" }]);

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

/** The 'logout' page name: a signed-out visitor goes straight home; a member confirms with a form. */
export async function loader({ context }: LoaderFunctionArgs) {
  const visitor = await context.visitor();
  if (!visitor.signedIn) throw redirect("/");
  const csrf = ensureCsrfToken(visitor.session);
  const headers = { "Set-Cookie": await visitor.commitSession(), "Cache-Control": cacheControl.private };
  return data({ csrf }, { headers });
}

export async function action({ request, context }: ActionFunctionArgs) {
  const visitor = await context.visitor();
  await readProtectedForm(request, visitor.session);
  return redirect("/", { status: 303, headers: { "Set-Cookie": await visitor.destroySession() } });
}

export default function Logout() {
  const { csrf } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-3xl font-semibold">{t("logout.title")}</h1>
      <p className="mt-3">{t("logout.confirm")}</p>
      <Form method="post" className="mt-6">
        <input type="hidden" name={CSRF_FIELD} value={csrf} />
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
