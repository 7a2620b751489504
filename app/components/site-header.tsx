import { NavLink, useRouteLoaderData } from "@remix-run/react";
import { useTranslation } from "react-i18next";

import { AccountMenu } from "./account-menu";
import { HEADER_SCRIPT } from "./header-script";
import { LanguageMenu, ThemeMenu } from "./preference-menus";
import { SearchForm } from "./search/search-form";

interface NavItem {
  name: string;
  link: string;
}

/** The id of the phone menu (the popover the menu button opens); the header's script finds it by it. */
export const SITE_MENU_ID = "site-menu";

const navLinkClass =
  "flex min-h-11 items-center border-b border-stone-100 no-underline hover:text-brand lg:min-h-6 lg:border-0 dark:border-stone-800 dark:hover:text-amber-200";

/**
 * The header's search field: a plain GET form to /search, so it works without JavaScript. On wide
 * screens its button is hidden until focused (Enter submits), so the header stays one line.
 */
function HeaderSearch() {
  return (
    <SearchForm
      id="site-search-q"
      className="flex min-h-11 items-center gap-1 lg:min-h-0"
      inputClassName="min-h-9 w-full min-w-0 rounded-md border border-stone-300 bg-transparent px-2 lg:w-24 dark:border-stone-700"
      buttonClassName="inline-flex min-h-9 min-w-9 shrink-0 items-center justify-center rounded-md border border-stone-300 hover:bg-stone-100 lg:not-focus-visible:sr-only dark:border-stone-700 dark:hover:bg-stone-800"
      icon={
        <svg aria-hidden="true" viewBox="0 0 24 24" className="h-4 w-4 fill-none stroke-current stroke-2">
          <circle cx="11" cy="11" r="6" />
          <path d="m20 20-4.5-4.5" strokeLinecap="round" />
        </svg>
      }
    />
  );
}

/** The shop's link: "Cart", and how many pieces it holds when any (a plain link: no script). */
function CartLink({ count: kept }: { count: number }) {
  const { t } = useTranslation();
  // On the cart and the checkout the cart was just priced: its count wins over the session's,
  // which two posts in flight at once may have left behind.
  const priced = [useRouteLoaderData("routes/cart"), useRouteLoaderData("routes/checkout")].find(
    (d): d is { cart: { item_count: number } } =>
      typeof (d as { cart?: { item_count?: unknown } } | undefined)?.cart?.item_count === "number",
  );
  const count = priced ? priced.cart.item_count : kept;
  return (
    <a
      href="/cart"
      data-cart-link
      className="inline-flex min-h-11 items-center gap-1 no-underline hover:text-brand lg:min-h-9 dark:hover:text-amber-200"
    >
      {t("shop.cart")}
      {count > 0 ? (
        <>
          <span
            data-cart-count
            aria-hidden="true"
            className="rounded-full bg-brand px-2 text-xs font-semibold text-white"
          >
            {count}
          </span>
          <span className="sr-only">{t("shop.cartCount", { count })}</span>
        </>
      ) : null}
    </a>
  );
}

/**
 * The site's header (decision 037). From `lg` up: the brand, the navigation, the language and the
 * theme menus on one line. Below: the brand and a menu button, 61 px tall and fixed at the top
 * (fixed rather than sticky: focusing its button would scroll a sticky header's page); the button
 * opens (as a popover, which needs no script: it also closes on Escape and on a tap outside) a
 * panel with the navigation and both menus. On wide screens the same panel is `display: contents`,
 * so its parts sit in the header's row. An inline script adds the focus trap and the rest.
 */
export function SiteHeader({
  name,
  links,
  locale,
  theme,
  nonce,
  member = null,
  cart = null,
}: {
  name: string;
  /** The signed-in member's greeting name, or null: a "Sign in" link. */
  member?: { firstName: string; csrf: string } | null;
  links: NavItem[];
  /** With the shop open: the cart's link, with the session's count when above zero; else null. */
  cart?: { count: number } | null;
  locale: string;
  theme: "light" | "dark" | "system";
  nonce: string;
}) {
  const { t } = useTranslation();
  return (
    <>
      <header className="site-header z-40 border-b border-stone-200 bg-white max-lg:fixed max-lg:inset-x-0 max-lg:top-0 dark:border-stone-800 dark:bg-stone-950">
        <div className="site-header-row mx-auto flex min-h-15 max-w-6xl xl:max-w-7xl items-center justify-between gap-x-3 px-4 lg:flex-wrap lg:gap-4 lg:py-4">
          <NavLink
            to="/"
            className="flex min-h-11 min-w-0 items-center font-serif text-lg leading-tight font-bold text-brand no-underline lg:min-h-0 lg:text-xl dark:text-amber-200"
          >
            <span className="line-clamp-2">{name}</span>
          </NavLink>
          <button
            type="button"
            popovertarget={SITE_MENU_ID}
            className="menu-button inline-flex min-h-11 min-w-11 shrink-0 items-center justify-center gap-2 rounded-md border border-stone-300 px-3 font-medium hover:bg-stone-100 lg:hidden dark:border-stone-700 dark:hover:bg-stone-800"
          >
            <svg aria-hidden="true" viewBox="0 0 24 24" className="h-5 w-5 fill-none stroke-current stroke-2">
              <path d="M4 7h16M4 12h16M4 17h16" strokeLinecap="round" />
            </svg>
            {t("nav.menu")}
          </button>
          <div
            id={SITE_MENU_ID}
            popover="auto"
            className="site-menu max-lg:bg-white max-lg:text-stone-900 lg:contents max-lg:dark:bg-stone-950 max-lg:dark:text-stone-100"
          >
            <nav aria-label={t("nav.main")}>
              <ul className="flex flex-col lg:flex-row lg:flex-wrap lg:gap-x-5 lg:gap-y-2">
                {links.map((l) => (
                  <li key={l.link}>
                    {l.link.startsWith("/") ? (
                      <NavLink
                        to={l.link}
                        end={l.link === "/"}
                        prefetch="intent"
                        className={({ isActive }) =>
                          `${navLinkClass} ${isActive ? "font-semibold text-brand dark:text-amber-200" : ""}`
                        }
                      >
                        {l.name}
                      </NavLink>
                    ) : (
                      <a href={l.link} className={navLinkClass}>
                        {l.name}
                      </a>
                    )}
                  </li>
                ))}
              </ul>
            </nav>
            <div className="flex flex-col gap-1 pt-3 text-sm lg:flex-row lg:items-center lg:gap-2 lg:pt-0">
              <HeaderSearch />
              {cart ? <CartLink count={cart.count} /> : null}
              <AccountMenu member={member} />
              <LanguageMenu locale={locale} />
              <ThemeMenu theme={theme} />
            </div>
          </div>
        </div>
      </header>
      {/* Holds the fixed header's place on a phone. */}
      <div className="h-[calc(3.75rem+1px)] shrink-0 lg:hidden" />
      <script nonce={nonce} suppressHydrationWarning dangerouslySetInnerHTML={{ __html: HEADER_SCRIPT }} />
    </>
  );
}
