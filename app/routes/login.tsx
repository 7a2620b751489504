import type { ActionFunctionArgs, HeadersFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import { useActionData, useLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { CodeForm, LinkConfirmForm, LinkForm, PasswordForm } from "~/components/login-forms";
import { codeOnly, loginAction, type LoginReply, redirectWithSession } from "~/lib/auth/login.server";
import { DEFAULT_AFTER_SIGN_IN, rememberRedirect } from "~/lib/auth/session-auth.server";
import { tokenLogin } from "~/lib/auth/token-login.server";
import { ensureCsrfToken } from "~/lib/csrf.server";
import { withRootMeta } from "~/lib/meta";
import { safeRedirectPath } from "~/lib/url";
import { cacheControl } from "~/shared/cache-control";

export const meta: MetaFunction = ({ matches }) => withRootMeta(matches, [{ name: "robots", content: "noindex" }]);

export const headers: HeadersFunction = ({ actionHeaders, loaderHeaders, errorHeaders }) =>
  errorHeaders ?? (actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders);

/** The forms validate as they are filled in (conform): the page ships the Remix runtime (decision 030). */
export const handle = { browser: true };

/**
 * /login. `?redirectTo=` is remembered (same-site paths only; anything else is `/`); a signed-in
 * visitor goes straight there. `?a=&r=&b=` is a token login; `?email=&code=` a mail link, shown as
 * one button that posts (a GET never spends a code).
 */
export async function loader({ request, context }: LoaderFunctionArgs) {
  const visitor = await context.visitor();
  const url = new URL(request.url);
  if (url.searchParams.has("redirectTo")) rememberRedirect(visitor.session, url.searchParams.get("redirectTo"));
  if (url.searchParams.has("a") && url.searchParams.has("r")) throw await tokenLogin(request, context, visitor, url);
  if (visitor.signedIn && (await visitor.currentMember())) {
    const to = safeRedirectPath(visitor.session.get("redirectTo"), DEFAULT_AFTER_SIGN_IN);
    visitor.session.unset("redirectTo");
    throw await redirectWithSession(visitor, to, 302);
  }
  const email = url.searchParams.get("email");
  const code = url.searchParams.get("code");
  return data(
    {
      csrf: ensureCsrfToken(visitor.session),
      codeOnly: await codeOnly(visitor),
      mailLink: email && code ? { email: email.slice(0, 254), code: code.slice(0, 128) } : null,
    },
    { headers: { "Cache-Control": cacheControl.private } },
  );
}

export async function action({ request, context }: ActionFunctionArgs) {
  return loginAction(request, context);
}

function Section({ title, children }: { title: string; children: React.ReactNode }) {
  return (
    <section className="mt-10 border-t border-stone-200 pt-8 dark:border-stone-700">
      <h2 className="text-xl font-semibold">{title}</h2>
      {children}
    </section>
  );
}

export default function Login() {
  const { csrf, codeOnly, mailLink } = useLoaderData<typeof loader>();
  const reply = useActionData<typeof action>() as LoginReply | undefined;
  const { t } = useTranslation();
  const resultFor = (intent: LoginReply["intent"]) => (reply?.intent === intent ? reply.reply : undefined);

  if (mailLink) {
    const errors = reply?.intent === "code" ? reply.reply.error?.[""] : undefined;
    return (
      <section className="mx-auto max-w-md px-4 py-16">
        <h1 className="text-3xl font-semibold">{t("login.linkConfirmHeading")}</h1>
        <p className="mt-3">{t("login.linkConfirm", { email: mailLink.email })}</p>
        {errors?.length ? (
          <p role="alert" className="mt-3 text-red-700 dark:text-red-300">
            {errors.join(" ")}
          </p>
        ) : null}
        <LinkConfirmForm csrf={csrf} email={mailLink.email} code={mailLink.code} />
        <p className="mt-6">
          <a href="/login">{t("login.otherWays")}</a>
        </p>
      </section>
    );
  }

  return (
    <section className="mx-auto max-w-md px-4 py-16">
      <h1 className="text-3xl font-semibold">{t("login.title")}</h1>
      <p className="mt-3">{t("login.intro")}</p>

      <Section title={t("login.passwordHeading")}>
        <PasswordForm csrf={csrf} lastResult={resultFor("password")} />
        <p className="mt-3 text-sm">
          <a href="/forgotpassword">{t("login.forgot")}</a> · <a href="/signup">{t("login.signup")}</a>
        </p>
      </Section>

      <Section title={t("login.linkHeading")}>
        <p className="mt-2">{codeOnly ? t("login.codeOnlyIntro") : t("login.linkIntro")}</p>
        {reply?.sent ? (
          <p
            role="status"
            className="mt-3 rounded-md bg-emerald-50 p-3 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100"
          >
            {t("login.sent", { email: reply.sent.email })}
          </p>
        ) : null}
        <LinkForm csrf={csrf} codeOnly={codeOnly} lastResult={resultFor("link")} />
      </Section>

      <Section title={t("login.codeHeading")}>
        {/* A new form for the address a code was sent to: it starts filled in (conform reads defaults once). */}
        <CodeForm
          key={reply?.sent?.email ?? ""}
          csrf={csrf}
          lastResult={resultFor("code")}
          email={reply?.sent?.email}
        />
      </Section>

      <Section title={t("login.oauthHeading")}>
        <a
          href="/auth"
          className="mt-4 inline-flex min-h-11 w-full items-center justify-center rounded-md border border-stone-300 px-5 py-2 font-medium no-underline hover:bg-stone-100 dark:border-stone-600 dark:hover:bg-stone-800"
        >
          {t("login.oauth")}
        </a>
      </Section>
    </section>
  );
}

export function ErrorBoundary() {
  return <GeneralErrorBoundary />;
}
