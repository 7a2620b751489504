import i18next from "i18next";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { StaticRouter } from "react-router-dom/server";

import { i18n as i18nSettings } from "~/i18n";

import common from "../../locales/en/common.json";

/** An i18next instance with the English resources, set up as the site sets it up. */
export const testI18n = i18next.createInstance();
void testI18n.use(initReactI18next).init({
  ...i18nSettings,
  supportedLngs: [...i18nSettings.supportedLngs],
  ns: [...i18nSettings.ns],
  lng: "en",
  resources: { en: { common } },
  initImmediate: false,
});

/**
 * Renders to an HTML string inside a static router (Remix's <Link> needs a router) and with i18n.
 * `url` is the location the router starts at.
 */
export function render(element: ReactElement, url = "/") {
  return renderToString(
    <I18nextProvider i18n={testI18n}>
      <StaticRouter location={url}>{element}</StaticRouter>
    </I18nextProvider>,
  );
}

/** How many times a string or a pattern occurs in rendered HTML. */
export function count(html: string, needle: string | RegExp) {
  if (typeof needle === "string") return html.split(needle).length - 1;
  return [...html.matchAll(new RegExp(needle.source, needle.flags.includes("g") ? needle.flags : `${needle.flags}g`))]
    .length;
}
