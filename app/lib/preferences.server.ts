import { createCookie } from "@remix-run/node";

import { i18n } from "~/i18n";
import { i18next, localeCookie } from "~/i18next.server";

export const THEMES = ["light", "dark", "system"] as const;
export type Theme = (typeof THEMES)[number];

/** The visitor's colour scheme choice; "system" (no cookie) follows the device. */
export const themeCookie = createCookie("theme", {
  path: "/",
  sameSite: "lax",
  httpOnly: true,
  maxAge: 60 * 60 * 24 * 365,
});

function isTheme(v: unknown): v is Theme {
  return typeof v === "string" && (THEMES as readonly string[]).includes(v);
}

/**
 * The visitor's language and theme. A choice made with `?lng=` or `?theme=` (the switchers'
 * links, which work without JavaScript) is remembered in a cookie for the next visit; in
 * production (`secure`) that cookie is `Secure`, like the session's.
 */
export async function readPreferences(request: Request, { secure = false }: { secure?: boolean } = {}) {
  const url = new URL(request.url);
  const cookieHeader = request.headers.get("cookie");
  const setCookies: string[] = [];

  const locale = await i18next.getLocale(request);
  const asked = url.searchParams.get("lng");
  if (asked && (i18n.supportedLngs as readonly string[]).includes(asked)) {
    setCookies.push(await localeCookie.serialize(asked, { secure }));
  }

  const askedTheme = url.searchParams.get("theme");
  let theme: Theme = "system";
  if (isTheme(askedTheme)) {
    theme = askedTheme;
    setCookies.push(
      await themeCookie.serialize(askedTheme, { secure, ...(askedTheme === "system" ? { maxAge: 0 } : {}) }),
    );
  } else {
    const stored = await themeCookie.parse(cookieHeader);
    if (isTheme(stored)) theme = stored;
  }
  return { locale, theme, setCookies };
}
