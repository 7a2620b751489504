import { useLocation } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { CsrfInput } from "./member/csrf-input";

const menuClass =
  "mt-1 rounded-md border border-stone-200 bg-white p-1 lg:absolute lg:end-0 lg:top-full lg:z-40 lg:mt-2 lg:min-w-40 lg:shadow-lg dark:border-stone-700 dark:bg-stone-900";
const summaryClass =
  "flex min-h-11 cursor-pointer list-none items-center rounded px-2 font-medium hover:bg-stone-100 lg:min-h-7 dark:hover:bg-stone-800";
const itemClass =
  "flex min-h-11 items-center rounded px-3 py-1 no-underline hover:bg-stone-100 lg:min-h-8 dark:hover:bg-stone-800";

/**
 * The header's account part: signed out, a "Sign in" link (back to this page after); signed in,
 * the member's first name opening a menu (Profile, Sign out) that is a <details>, so it works
 * without JavaScript like the language and theme menus. Sign out is a form posting to /logout
 * with the session's form token: one click, and no other site can sign anyone out (decision 010).
 */
export function AccountMenu({ member }: { member: { firstName: string; csrf: string } | null }) {
  const { t } = useTranslation();
  const { pathname, search, key } = useLocation();
  if (!member) {
    const here = `${pathname}${search}`;
    const href =
      pathname === "/" || pathname.startsWith("/login")
        ? "/login"
        : `/login?${new URLSearchParams({ redirectTo: here })}`;
    return (
      <a href={href} className={`${summaryClass} no-underline`}>
        {t("account.signIn")}
      </a>
    );
  }
  return (
    <details key={key} className="lg:relative">
      <summary className={summaryClass} aria-label={t("account.menu", { name: member.firstName })}>
        <svg aria-hidden="true" viewBox="0 0 24 24" className="me-1 h-4 w-4 shrink-0 fill-none stroke-current stroke-2">
          <circle cx="12" cy="8" r="4" />
          <path d="M4 21c0-4 3.6-7 8-7s8 3 8 7" />
        </svg>
        {member.firstName}
      </summary>
      <ul className={menuClass}>
        <li>
          <a href="/profile" className={itemClass}>
            {t("account.profile")}
          </a>
        </li>
        <li>
          <form method="post" action="/logout">
            <CsrfInput value={member.csrf} />
            <button type="submit" className={`${itemClass} w-full text-start`}>
              {t("account.signOut")}
            </button>
          </form>
        </li>
      </ul>
    </details>
  );
}
