import { createCookie } from "@remix-run/node";
import { RemixI18Next } from "remix-i18next/server";

import { i18n } from "~/i18n";

/** The visitor's language choice, remembered for a year. */
export const localeCookie = createCookie("lng", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

/**
 * Picks the request's language: `?lng=`, then the cookie, then Accept-Language, then English.
 * Translation itself uses the cached per-language instances of `~/lib/i18n.server`.
 */
export const i18next = new RemixI18Next({
  detection: {
    supportedLanguages: [...i18n.supportedLngs],
    fallbackLanguage: i18n.fallbackLng,
    cookie: localeCookie,
    order: ["searchParams", "cookie", "header"],
    searchParamKey: "lng",
  },
});
