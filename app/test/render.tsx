import i18next from "i18next";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import type { RouteObject } from "react-router-dom";
import { createStaticHandler, createStaticRouter, StaticRouter, StaticRouterProvider } from "react-router-dom/server";

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

/**
 * Renders data routes (loaders, components, error boundaries) for `url` as the server does: the
 * loaders run, a thrown Response or error goes to the nearest boundary. The HTML, with i18n.
 */
export async function renderRoutes(routes: RouteObject[], url: string) {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(url, "https://dovetail.example")));
  if (context instanceof Response) throw new Error(`the routes answered ${context.status}`);
  return renderToString(
    <I18nextProvider i18n={testI18n}>
      <StaticRouterProvider
        router={createStaticRouter(handler.dataRoutes, context)}
        context={context}
        hydrate={false}
      />
    </I18nextProvider>,
  );
}

/** How many times a string or a pattern occurs in rendered HTML. */
export function count(html: string, needle: string | RegExp) {
  if (typeof needle === "string") return html.split(needle).length - 1;
  return [...html.matchAll(new RegExp(needle.source, needle.flags.includes("g") ? needle.flags : `${needle.flags}g`))]
    .length;
}
