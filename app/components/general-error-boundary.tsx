import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { useTranslation } from "react-i18next";

/** The spec's 404 screen: a large 404 mark, the exact texts and a 'Take me home' button. */
export function NotFound() {
  const { t } = useTranslation();
  return (
    <section
      className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center"
      aria-labelledby="not-found-title"
    >
      <p aria-hidden="true" className="font-serif text-8xl font-bold text-brand/80 dark:text-amber-200/80">
        404
      </p>
      <h1 id="not-found-title" className="mt-4 text-3xl font-semibold">
        {t("notFound.title")}
      </h1>
      <p className="mt-3 text-lg">{t("notFound.text")}</p>
      <Link
        to="/"
        className="mt-8 rounded-md bg-brand px-5 py-3 font-medium text-white no-underline hover:bg-brand-dark"
      >
        {t("notFound.home")}
      </Link>
    </section>
  );
}

function Problem({ title, text }: { title: string; text: string }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center" role="alert">
      <h1 className="text-3xl font-semibold">{title}</h1>
      <p className="mt-3 text-lg">{text}</p>
      <Link
        to="/"
        className="mt-8 rounded-md bg-brand px-5 py-3 font-medium text-white no-underline hover:bg-brand-dark"
      >
        {t("notFound.home")}
      </Link>
    </section>
  );
}

/** Every route's error screen: 404, upstream unavailable (503), or a friendly generic error. Never a stack trace. */
export function GeneralErrorBoundary() {
  const error = useRouteError();
  const { t } = useTranslation();
  if (isRouteErrorResponse(error)) {
    if (error.status === 404) return <NotFound />;
    if (error.status === 503)
      return <Problem title={t("errors.unavailableTitle")} text={t("errors.unavailableText")} />;
    if (error.status === 403) return <Problem title={t("errors.forbiddenTitle")} text={t("errors.forbiddenText")} />;
    if (error.status === 400) return <Problem title={t("errors.badRequestTitle")} text={t("errors.badRequestText")} />;
  }
  return <Problem title={t("errors.genericTitle")} text={t("errors.genericText")} />;
}
