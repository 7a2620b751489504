import { RemixBrowser } from "@remix-run/react";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider } from "react-i18next";

import { ErrorReporterProvider } from "~/components/error-reporter-script";
import { i18n } from "~/i18n";
import { createBrowserI18n } from "~/lib/browser-i18n";
import { readErrorReporter } from "~/lib/error-reporting/reporter";

/**
 * Only pages that need JavaScript load this (decision 030). The server wrote the page's language
 * on <html lang> and its messages into #i18n-messages, so hydration needs no request. No other
 * language is ever loaded here (the language menu's links load a new document), so the browser
 * gets a small stand-in for i18next that says this one language's messages.
 */
function hydrate() {
  const lng = document.documentElement.lang || i18n.fallbackLng;
  let messages: Record<string, unknown> = {};
  try {
    messages = JSON.parse(document.getElementById("i18n-messages")?.textContent || "{}");
  } catch {
    messages = {};
  }
  const instance = createBrowserI18n(lng, messages);
  // The error reporter's script the server rendered (decision 065), rendered again the same.
  const reporter = readErrorReporter(document);

  startTransition(() => {
    hydrateRoot(
      document,
      <ErrorReporterProvider value={reporter}>
        <I18nextProvider i18n={instance}>
          <StrictMode>
            <RemixBrowser />
          </StrictMode>
        </I18nextProvider>
      </ErrorReporterProvider>,
    );
  });
}

hydrate();
