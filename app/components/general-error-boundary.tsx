import {
  type ErrorResponse,
  isRouteErrorResponse,
  Link,
  type Params,
  useParams,
  useRouteError,
} from "@remix-run/react";
import { type ReactElement, useEffect } from "react";
import { useTranslation } from "react-i18next";

import { reportBoundaryError } from "~/lib/error-reporting/boundary";

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

type ProblemKind = "unavailable" | "forbidden" | "badRequest" | "generic";

/** A friendly screen for an error that is not a 404: its title and text (`errors.{kind}…`), and the way home. */
function Problem({ kind }: { kind: ProblemKind }) {
  const { t } = useTranslation();
  return (
    <section className="mx-auto flex max-w-2xl flex-col items-center px-4 py-20 text-center" role="alert">
      <h1 className="text-3xl font-semibold">{t(`errors.${kind}Title`)}</h1>
      <p className="mt-3 text-lg">{t(`errors.${kind}Text`)}</p>
      <Link
        to="/"
        className="mt-8 rounded-md bg-brand px-5 py-3 font-medium text-white no-underline hover:bg-brand-dark"
      >
        {t("notFound.home")}
      </Link>
    </section>
  );
}

/** Renders the screen of a thrown Response (an `ErrorResponse` in the browser) with its status. */
export type StatusHandler = (info: { error: ErrorResponse; params: Params }) => ReactElement | null;

/**
 * The site's screens by status: the spec's 404 page, the upstream's 503 ("We'll be right back"),
 * a refused write (403) and a bad request (400). Any other status gets the generic screen.
 */
export const siteStatusHandlers: Readonly<Record<number, StatusHandler>> = {
  400: () => <Problem kind="badRequest" />,
  403: () => <Problem kind="forbidden" />,
  404: () => <NotFound />,
  503: () => <Problem kind="unavailable" />,
};

const genericProblem = () => <Problem kind="generic" />;

/**
 * Every route's error screen, as epic-stack's: a thrown Response is drawn by the handler of its
 * status (`statusHandlers`, added to and overriding the site's), else by `defaultStatusHandler`;
 * anything else (a failed render, an unexpected error) by `unexpectedErrorHandler`. Never a stack
 * trace. An error thrown in the browser is handed to the page's error reporter once (decision
 * 107); those of loaders and actions were reported by the server.
 */
export function GeneralErrorBoundary({
  statusHandlers,
  defaultStatusHandler = genericProblem,
  unexpectedErrorHandler = genericProblem,
}: {
  statusHandlers?: Record<number, StatusHandler>;
  defaultStatusHandler?: StatusHandler;
  unexpectedErrorHandler?: (error: unknown) => ReactElement | null;
}) {
  const error = useRouteError();
  const params = useParams();
  useEffect(() => {
    reportBoundaryError(error);
  }, [error]);
  if (isRouteErrorResponse(error)) {
    const handler = statusHandlers?.[error.status] ?? siteStatusHandlers[error.status] ?? defaultStatusHandler;
    return handler({ error, params });
  }
  return unexpectedErrorHandler(error);
}
