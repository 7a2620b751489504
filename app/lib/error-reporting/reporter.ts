/**
 * The browser's error reporter as a page names it (decision 065): the built module and the DSN
 * it reports to. Only a server with SENTRY_DSN set has one; the page then carries one small
 * `<script type="module" data-error-reporter>` (components/error-reporter-script.tsx), and
 * pages without one request nothing of Sentry.
 */
export interface ErrorReporter {
  /** The module's URL under /build/enhance/ (scripts/build-enhancers.mjs builds it). */
  src: string;
  dsn: string;
  environment: string;
}

/** The reporter a server-rendered page names, read back before hydration (entry.client.tsx). */
export function readErrorReporter(doc: Document): ErrorReporter | null {
  const script = doc.querySelector<HTMLScriptElement>("script[data-error-reporter]");
  const dsn = script?.dataset.errorReporter;
  if (!script || !dsn) return null;
  return { src: script.getAttribute("src") ?? "", dsn, environment: script.dataset.environment ?? "" };
}
