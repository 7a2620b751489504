import { init } from "@sentry/remix";

import { scrubEvent } from "~/shared/error-reporting/scrub";

/**
 * The browser's error reporter (decision 065), loaded by its own module script only on pages of a
 * server with SENTRY_DSN set (components/error-reporter-script.tsx). Unhandled errors and
 * rejections are sent to the DSN named on the script, without cookies, form values, query values
 * or the visitor's address. No tracing here: most pages have no Remix runtime to name routes.
 */
const script = document.querySelector<HTMLScriptElement>("script[data-error-reporter]");
const dsn = script?.dataset.errorReporter;
if (dsn) {
  init({
    dsn,
    // Named, so the SDK does not look for a bundler's process.env.
    environment: script?.dataset.environment || "production",
    sendDefaultPii: false,
    tracesSampleRate: 0.1,
    beforeSend: (event) => scrubEvent(event),
  });
}
