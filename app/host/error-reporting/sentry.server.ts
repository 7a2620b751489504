import type { ServerBuild } from "@remix-run/node";
import * as Sentry from "@sentry/remix";

import { scrubEvent, scrubUrl } from "~/shared/error-reporting/scrub";

/**
 * Error reporting on the server (decision 065), loaded by server.ts with a dynamic import only
 * when SENTRY_DSN is set: unset, nothing of Sentry is loaded. `Sentry.instrumentBuild` wraps
 * the routes' loaders and actions (a thrown 5xx Response is reported there, with tracing at a
 * sample rate of 0.1), `wrapHandleErrorWithSentry` reports everything else Remix hands to
 * handleError. Each route's loader and action are wrapped once more so a report names the
 * route it came from: the `route` tag and the transaction (`routes/catalogue.$`, say).
 */

export const TRACES_SAMPLE_RATE = 0.1;

export interface ServerReportingOptions {
  dsn: string;
  environment: string;
}

/** Which route's loader or action threw an error object, for its report. */
const thrownBy = new WeakMap<object, { route: string; kind: "loader" | "action" }>();

type DataFunction = (args: unknown) => unknown;

function remembering(fn: DataFunction, route: string, kind: "loader" | "action"): DataFunction {
  return async (args) => {
    try {
      return await fn(args);
    } catch (error) {
      if (error && typeof error === "object" && !thrownBy.has(error)) thrownBy.set(error, { route, kind });
      throw error;
    }
  };
}

export function startServerReporting(build: ServerBuild, { dsn, environment }: ServerReportingOptions): ServerBuild {
  Sentry.init({
    dsn,
    environment,
    tracesSampleRate: TRACES_SAMPLE_RATE,
    sendDefaultPii: false,
    beforeSend: (event) => scrubEvent(event),
    beforeSendTransaction: (event) => scrubEvent(event),
    beforeBreadcrumb: (crumb) => {
      if (typeof crumb.data?.url === "string") crumb.data = { ...crumb.data, url: scrubUrl(crumb.data.url) };
      return crumb;
    },
  });

  // Innermost: remember the route; outside it, Sentry's own wrappers (spans, thrown Responses).
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const module = { ...route.module };
    if (module.loader) module.loader = remembering(module.loader as DataFunction, id, "loader") as typeof module.loader;
    if (module.action) module.action = remembering(module.action as DataFunction, id, "action") as typeof module.action;
    routes[id] = { ...route, module };
  }
  const instrumented = Sentry.instrumentBuild({ ...build, routes }, { instrumentTracing: true });

  const entry = instrumented.entry.module;
  const original = entry.handleError ?? (() => {});
  const report = Sentry.wrapHandleErrorWithSentry(original as (error: unknown, args: { request: unknown }) => void);
  const handleError: NonNullable<typeof entry.handleError> = (error, args) => {
    const origin = error && typeof error === "object" ? thrownBy.get(error) : undefined;
    // The capture happens inside this scope (synchronously), so the tags stay with this report.
    Sentry.withScope((scope) => {
      if (origin) {
        scope.setTag("route", origin.route);
        scope.setTag("remix.function", origin.kind);
        scope.setTransactionName(`${origin.kind} ${origin.route}`);
      }
      report(error, args);
    });
  };
  return { ...instrumented, entry: { ...instrumented.entry, module: { ...entry, handleError } } };
}
