import type { LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import type { ShouldRevalidateFunction } from "@remix-run/react";
import { isRouteErrorResponse, Links, Meta, Outlet, useLoaderData, useRouteLoaderData } from "@remix-run/react";
import type { ReactNode } from "react";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";

import { AnalyticsScripts } from "~/components/analytics-scripts";
import { BackToTop } from "~/components/back-to-top";
import { ErrorReporterScript } from "~/components/error-reporter-script";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { LinkStateNotice } from "~/components/link-state-notice";
import { useNonce } from "~/components/nonce";
import { PageRuntime, usePageRuntime } from "~/components/page-runtime";
import { ProgressBar } from "~/components/progress-bar";
import { ScrollAnimationsScript } from "~/components/scroll-animations";
import { ServiceWorkerScript } from "~/components/service-worker";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { Stylesheet } from "~/components/stylesheet";
import { ToastMessage } from "~/components/toast";
import { analyticsConfig, analyticsCspSources } from "~/lib/analytics";
import { upstreamUnreachable } from "~/lib/api/link-state.server";
import { getInitialData, getSettings } from "~/lib/api/site.server";
import { embedCspSources, embedOrigins } from "~/lib/cms-html.server";
import { ensureCsrfToken } from "~/lib/csrf.server";
import { getI18n } from "~/lib/i18n.server";
import { siteOrigin } from "~/lib/origin.server";
import { buildHead, normalisePath } from "~/lib/seo";
import { headSettings } from "~/lib/site-settings.server";
import { takeToast } from "~/lib/toast.server";
import stylesheet from "~/styles/app.css";

/**
 * The sitemap entries the head of this path needs: its own (title, description) and those of
 * the home page and its ancestors (the breadcrumb). The whole sitemap would ride along in the
 * hydration data of every page that has the runtime.
 */
function headEntries<T extends { url: string }>(sitemap: T[], pathname: string) {
  const path = normalisePath(pathname);
  return sitemap.filter((entry) => {
    const url = normalisePath(entry.url);
    return url === "/" || url === path || path.startsWith(`${url}/`);
  });
}

export async function loader({ request, context }: LoaderFunctionArgs) {
  const visitor = await context.visitor();
  const { transport, signedIn, preferences: prefs } = visitor;
  const [settings, initial] = await Promise.all([getSettings(transport), getInitialData(transport)]);
  const t = (await getI18n(prefs.locale)).getFixedT(prefs.locale);
  const analytics = analyticsConfig(settings);
  const sources = analyticsCspSources(analytics);
  for (const key of Object.keys(sources) as (keyof typeof sources)[]) context.cspExtra?.[key].push(...sources[key]);
  // Frames and images CMS HTML may embed (the embed_origins setting, decision 069).
  const embeds = embedCspSources(embedOrigins(settings));
  for (const key of Object.keys(embeds) as (keyof typeof embeds)[]) context.cspExtra?.[key].push(...embeds[key]);

  const byParent = (parent: string) =>
    initial.links.filter((l) => l.parent === parent).map(({ name, link, icon }) => ({ name, link, icon }));
  const header = byParent("header");
  const headers = new Headers();
  for (const cookie of prefs.setCookies) headers.append("Set-Cookie", cookie);
  const toast = takeToast(visitor);
  // A signed-in session is checked with the upstream on each request (authUser): one signed out
  // elsewhere, or replayed after logout, is cleared here and redirected home (thrown).
  const member = signedIn ? await visitor.currentMember() : null;
  return data(
    {
      locale: prefs.locale,
      theme: prefs.theme,
      signedIn: member !== null,
      // Only what the header needs (the greeting, the sign-out form's token): never the tokens.
      member: member ? { firstName: member.firstName || member.name, csrf: ensureCsrfToken(visitor.session) } : null,
      toast,
      // The shop's header link, with the count the session keeps (no upstream call per page).
      cart: settings.ecommerce ? { count: visitor.session.get("cartCount") ?? 0 } : null,
      origin: siteOrigin(request, context),
      labels: { notFound: t("notFound.title"), home: t("nav.home") },
      settings: headSettings(settings),
      analytics,
      sitemap: headEntries(initial.sitemap, new URL(request.url).pathname).map(
        ({ url, seo_title, seo_meta_description }) => ({
          url,
          seo_title,
          seo_meta_description,
        }),
      ),
      nav: header.length
        ? header
        : initial.sitemap
            .filter((e) => (e.priority ?? 0) >= 90)
            .map((e) => ({ name: e.seo_title, link: e.url, icon: "" })),
      footer: byParent("footer"),
      social: byParent("social"),
      // The CMS could not be reached for this request: parts of the page may be stale or seeded copies.
      linkDown: upstreamUnreachable(context),
    },
    { headers },
  );
}

export type RootData = typeof loader;

/** The head's sitemap entries follow the path, so a client-side navigation to another path reloads them. */
export const shouldRevalidate: ShouldRevalidateFunction = ({ currentUrl, nextUrl, defaultShouldRevalidate }) =>
  currentUrl.pathname !== nextUrl.pathname || defaultShouldRevalidate;

export const meta: MetaFunction<typeof loader> = ({ data: root, location, error }) => {
  if (!root) return [];
  const errorTitle = error
    ? isRouteErrorResponse(error) && error.status === 404
      ? root.labels.notFound
      : root.settings.organisation_name
    : undefined;
  return buildHead({
    settings: root.settings,
    sitemap: root.sitemap,
    origin: root.origin,
    locale: root.locale,
    theme: root.theme,
    homeName: root.labels.home,
    pathname: location.pathname,
    errorTitle,
  });
};

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  const nonce = useNonce();
  const { i18n } = useTranslation();
  const locale = root?.locale ?? "en";
  const theme = root?.theme ?? "system";
  const favicon = root?.settings.favicon ?? "/favicon.svg";
  const faviconDark = root?.settings.favicon_dark ?? "/favicon-dark.svg";
  // The Remix runtime only where a page needs JavaScript (decision 030).
  const runtime = usePageRuntime();
  return (
    <html lang={locale} dir={i18n.dir(locale)} className={theme === "system" ? undefined : theme} data-theme={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="color-scheme" content={theme === "system" ? "light dark" : theme} />
        <link rel="icon" href={favicon} media="(prefers-color-scheme: light)" />
        <link rel="icon" href={faviconDark} media="(prefers-color-scheme: dark)" />
        <link rel="manifest" href="/manifest.webmanifest" />
        <Meta />
        {/* Inlined, so the first paint waits for nothing but the document (decision 031). */}
        <Stylesheet href={stylesheet} />
        <Links />
        {root ? <AnalyticsScripts config={root.analytics} nonce={nonce} /> : null}
        <ScrollAnimationsScript nonce={nonce} />
        <ErrorReporterScript nonce={nonce} />
        {runtime ? (
          // The page's messages, for hydration (entry.client.tsx): only pages with the runtime need them.
          <script
            id="i18n-messages"
            type="application/json"
            nonce={nonce}
            suppressHydrationWarning
            dangerouslySetInnerHTML={{
              __html: JSON.stringify(i18n.store?.data[locale]?.common ?? {}).replace(/</g, "\\u003c"),
            }}
          />
        ) : null}
      </head>
      <body className="flex min-h-screen flex-col bg-stone-50 text-stone-900 antialiased dark:bg-stone-900 dark:text-stone-100">
        <div id="top" tabIndex={-1} className="absolute top-0 h-0 w-0 outline-none" />
        {runtime ? <ProgressBar /> : null}
        {children}
        {root?.settings.show_back_to_top ? <BackToTop nonce={nonce} /> : null}
        <PageRuntime nonce={nonce} enabled={runtime} />
        <ServiceWorkerScript nonce={nonce} />
      </body>
    </html>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  const nonce = useNonce();
  const { t } = useTranslation();
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-stone-900"
      >
        {t("nav.skip")}
      </a>
      {root ? (
        <SiteHeader
          name={root.settings.organisation_name || root.settings.name}
          links={root.nav}
          locale={root.locale}
          theme={root.theme}
          nonce={nonce}
          member={root.member}
          cart={root.cart}
        />
      ) : null}
      <main id="main" className="flex-1 overflow-x-clip" tabIndex={-1}>
        {root?.linkDown ? <LinkStateNotice /> : null}
        {root?.toast ? <ToastMessage key={root.toast.id} toast={root.toast} /> : null}
        {children}
      </main>
      {root ? (
        <SiteFooter
          settings={root.settings}
          links={root.footer}
          social={root.social}
          backToTop={Boolean(root.settings.show_back_to_top)}
        />
      ) : null}
    </>
  );
}

/**
 * The browser holds only the messages of the language it was served in (entry.client.tsx), and
 * the language menu's links load a new document. Should the root's language change under a
 * running page all the same, the page is loaded anew in that language.
 */
function useReloadOnLanguageChange(locale: string) {
  const { i18n } = useTranslation();
  useEffect(() => {
    if (i18n.language && i18n.language !== locale) window.location.reload();
  }, [i18n.language, locale]);
}

export default function App() {
  const { locale } = useLoaderData<typeof loader>();
  useReloadOnLanguageChange(locale);
  return (
    <Shell>
      <Outlet />
    </Shell>
  );
}

export function ErrorBoundary() {
  return (
    <Shell>
      <GeneralErrorBoundary />
    </Shell>
  );
}

export const handle = { i18n: ["common"] };
