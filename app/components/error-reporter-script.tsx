import { createContext, useContext } from "react";

import type { ErrorReporter } from "~/lib/error-reporting/reporter";

const ErrorReporterContext = createContext<ErrorReporter | null>(null);

/** entry.server gives it from the load context; entry.client reads it back from the page. */
export const ErrorReporterProvider = ErrorReporterContext.Provider;

/**
 * The browser's error reporter (decision 065): one module script, deferred by nature and allowed
 * by this response's nonce, only when SENTRY_DSN is set. Without it nothing of Sentry is loaded.
 */
export function ErrorReporterScript({ nonce }: { nonce: string }) {
  const reporter = useContext(ErrorReporterContext);
  if (!reporter) return null;
  return (
    <script
      type="module"
      src={reporter.src}
      nonce={nonce}
      data-error-reporter={reporter.dsn}
      data-environment={reporter.environment}
    />
  );
}
