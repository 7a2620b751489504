import { RemixBrowser } from "@remix-run/react";
import i18next from "i18next";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";

import { i18n } from "~/i18n";

/**
 * Only pages that need JavaScript load this (decision 030). The server wrote the page's language
 * on <html lang> and its messages into #i18n-messages, so hydration needs no request, and no
 * other language is ever loaded here: the language menu's links load a new document.
 */
async function hydrate() {
  const lng = document.documentElement.lang || i18n.fallbackLng;
  let messages: Record<string, unknown> = {};
  try {
    messages = JSON.parse(document.getElementById("i18n-messages")?.textContent || "{}");
  } catch {
    messages = {};
  }
  await i18next.use(initReactI18next).init({
    ...i18n,
    supportedLngs: [...i18n.supportedLngs],
    ns: [...i18n.ns],
    lng,
    // Every language has every key (tests/unit/locales.test.ts): never load a second language.
    fallbackLng: false,
    resources: { [lng]: { common: messages } },
  });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <RemixBrowser />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
