import { resolve } from "node:path";
import { createCookie } from "@remix-run/node";
import Backend from "i18next-fs-backend";
import { RemixI18Next } from "remix-i18next/server";
import { i18n } from "~/i18n";

/** The visitor's language choice, remembered for a year. */
export const localeCookie = createCookie("lng", { path: "/", sameSite: "lax", httpOnly: true, maxAge: 60 * 60 * 24 * 365 });

export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...i18n.supportedLngs],
    fallbackLanguage: i18n.fallbackLng,
    cookie: localeCookie,
    order: ["searchParams", "cookie", "header"],
    searchParamKey: "lng",
  },
  i18next: {
    ...i18n,
    supportedLngs: [...i18n.supportedLngs],
    ns: [...i18n.ns],
    backend: { loadPath: resolve("./locales/{{lng}}/{{ns}}.json") },
  },
  plugins: [Backend],
});
