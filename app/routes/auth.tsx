import type { HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { authenticatorFor, AuthorizationError, BadStateError, upstreamCause } from "~/lib/auth/authenticator.server";
import { finishSignIn, fixedT } from "~/lib/auth/login.server";
import { withRootMeta } from "~/lib/meta";
import { cacheControl } from "~/shared/cache-control";

export const meta: MetaFunction = ({ matches }) => withRootMeta(matches, [{ name: "robots", content: "noindex" }]);

export const headers: HeadersFunction = ({ loaderHeaders, errorHeaders }) => errorHeaders ?? loaderHeaders;

/**
 * /auth: the authorisation-code flow with the CMS (decision 048). Opened without `state`, it
 * sends the browser to the CMS's /authorize (remix-auth-oauth2: state and PKCE verifier in the
 * session); the CMS sends it back here with `code` and `state`, exchanged for tokens. A state that
 * is not the one sent: 'Bad state please try again', 400.
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const visitor = await context.visitor();
  const t = await fixedT(visitor);
  try {
    const signedIn = await authenticatorFor(request, context, visitor).authenticate("cms", request);
    return await finishSignIn(visitor, signedIn, t);
  } catch (error) {
    if (error instanceof Response) {
      // The strategy's redirect to /authorize: its Set-Cookie is the visitor's session (state, verifier).
      error.headers.set("Cache-Control", cacheControl.private);
      if (!error.headers.get("Set-Cookie")) error.headers.delete("Set-Cookie");
      throw error;
    }
    const badState = error instanceof AuthorizationError && error.cause instanceof BadStateError;
    const cause = upstreamCause(error);
    const status = badState ? 400 : cause?.unavailable ? 503 : 400;
    if (!badState && !(error instanceof AuthorizationError)) console.error("[auth]", error);
    return data(
      { message: badState ? t("auth.badState") : t("auth.failed") },
      { status, headers: { "Cache-Control": cacheControl.private } },
    );
  }
}

export default function Auth() {
  const { message } = useLoaderData<typeof loader>();
  const { t } = useTranslation();
  return (
    <section className="mx-auto max-w-md px-4 py-16 text-center">
      <h1 className="text-3xl font-semibold">{t("auth.title")}</h1>
      <p role="alert" className="mt-3">
        {message}
      </p>
      <p className="mt-6">
        <a href="/login">{t("auth.back")}</a>
      </p>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
