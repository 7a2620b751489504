import type { LinksFunction, LoaderFunctionArgs, MetaFunction } from "@remix-run/node";
import { data } from "@remix-run/node";
import {
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useLoaderData,
  useRouteLoaderData,
} from "@remix-run/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useChangeLanguage } from "remix-i18next/react";
import { GeneralErrorBoundary } from "~/components/general-error-boundary";
import { useNonce } from "~/components/nonce";
import { SiteFooter } from "~/components/site-footer";
import { SiteHeader } from "~/components/site-header";
import { i18next } from "~/i18next.server";
import { getInitialData, getSettings } from "~/lib/api/site.server";
import { getVisitor } from "~/lib/request.server";
import { documentTitle, sitemapEntryFor } from "~/lib/seo";
import stylesheet from "~/styles/app.css";

export const links: LinksFunction = () => [{ rel: "stylesheet", href: stylesheet }];

export async function loader({ request, context }: LoaderFunctionArgs) {
  const { transport, signedIn } = await getVisitor(request, context);
  const [locale, settings, initial] = await Promise.all([
    i18next.getLocale(request),
    getSettings(transport),
    getInitialData(transport),
  ]);
  const t = await i18next.getFixedT(locale);
  const byParent = (parent: string) => initial.links.filter((l) => l.parent === parent).map(({ name, link, icon }) => ({ name, link, icon }));
  const header = byParent("header");
  return data({
    locale,
    signedIn,
    labels: { notFound: t("notFound.title") },
    settings: {
      name: settings.name,
      organisation_name: settings.organisation_name,
      organisation_abn: settings.organisation_abn,
      organisation_address: settings.organisation_address,
      organisation_email: settings.organisation_email,
      organisation_phone: settings.organisation_phone,
      seo_title_prefix: settings.seo_title_prefix,
      seo_title_suffix: settings.seo_title_suffix,
      theme_colour: settings.theme_colour ?? null,
      favicon: typeof settings.favicon === "string" ? settings.favicon : null,
    },
    sitemap: initial.sitemap.map(({ url, seo_title, seo_meta_description }) => ({ url, seo_title, seo_meta_description })),
    nav: header.length ? header : initial.sitemap.filter((e) => (e.priority ?? 0) >= 90).map((e) => ({ name: e.seo_title, link: e.url, icon: "" })),
    footer: byParent("footer"),
    social: byParent("social"),
  });
}

export type RootData = typeof loader;

export const meta: MetaFunction<typeof loader> = ({ data: root, location, error }) => {
  if (!root) return [];
  const entry = error ? undefined : sitemapEntryFor(root.sitemap, location.pathname);
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const title = documentTitle(root.settings, notFound ? root.labels.notFound : entry?.seo_title);
  return [
    { title },
    ...(entry?.seo_meta_description ? [{ name: "description", content: entry.seo_meta_description }] : []),
  ];
};

export function Layout({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  const nonce = useNonce();
  const { i18n } = useTranslation();
  const locale = root?.locale ?? "en";
  return (
    <html lang={locale} dir={i18n.dir(locale)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {root?.settings.theme_colour ? <meta name="theme-color" content={root.settings.theme_colour} /> : null}
        <link rel="icon" href={root?.settings.favicon || "/favicon.svg"} type="image/svg+xml" />
        <Meta />
        <Links />
      </head>
      <body className="flex min-h-screen flex-col bg-stone-50 text-stone-900 antialiased dark:bg-stone-900 dark:text-stone-100">
        {children}
        <ScrollRestoration nonce={nonce} />
        <Scripts nonce={nonce} />
      </body>
    </html>
  );
}

function Shell({ children }: { children: ReactNode }) {
  const root = useRouteLoaderData<RootData>("root");
  const { t } = useTranslation();
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:start-2 focus:top-2 focus:z-50 focus:rounded focus:bg-white focus:px-3 focus:py-2 focus:text-stone-900">
        {t("nav.skip")}
      </a>
      {root ? <SiteHeader name={root.settings.organisation_name || root.settings.name} links={root.nav} /> : null}
      <main id="main" className="flex-1">
        {children}
      </main>
      {root ? <SiteFooter settings={root.settings} links={root.footer} social={root.social} /> : null}
    </>
  );
}

export default function App() {
  const { locale } = useLoaderData<typeof loader>();
  useChangeLanguage(locale);
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
