import { readErrorReporter } from "./reporter";

/**
 * What an error boundary reports from the browser (decision 107). The server reports what fails
 * there: loaders' and actions' errors and failed server renders reach `handleError`, and thrown
 * 5xx Responses Sentry's wrapped loaders. What it cannot see is a render that fails in the
 * browser. Such an error is handed to the page's reporter once; the rest are left alone:
 *
 * - a thrown Response (a 404, a 403): expected, or reported by the server;
 * - a loader's or action's error, which the browser got from the server: it is in the router's
 *   errors (`window.__remixRouter.state.errors`), a render's error never is;
 * - anything on a page without a reporter (SENTRY_DSN unset): nothing of Sentry is there.
 *
 * It is handed over by `reportError`, the browser's way to report an error as uncaught: the
 * reporter (`enhancers/error-reporter.ts`) hears those already, so the Remix runtime carries no
 * Sentry code. This module imports nothing from Sentry.
 */
export interface BoundaryReportTarget {
  /** The errors of loaders and actions the router holds. */
  routeDataErrors(): readonly unknown[];
  report(error: Error): void;
}

interface RemixWindow {
  __remixRouter?: { state: { errors: Record<string, unknown> | null } };
}

/** The page's reporter, or null on the server and on pages without one. */
export function pageReportTarget(): BoundaryReportTarget | null {
  if (typeof document === "undefined" || !readErrorReporter(document)) return null;
  const router = (window as RemixWindow).__remixRouter;
  return {
    routeDataErrors: () => Object.values(router?.state.errors ?? {}),
    report: (error) => window.reportError(error),
  };
}

/** Errors already handed over: a boundary renders again, and StrictMode runs its effect twice. */
const reported = new WeakSet<Error>();

/** Hands an error a boundary shows to the reporter when it is the browser's to report (above); says whether it did. */
export function reportBoundaryError(error: unknown, target: BoundaryReportTarget | null = pageReportTarget()) {
  if (!target || !(error instanceof Error) || reported.has(error)) return false;
  if (target.routeDataErrors().includes(error)) return false;
  reported.add(error);
  target.report(error);
  return true;
}
