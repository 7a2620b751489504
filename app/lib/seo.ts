import type { Settings, SitemapEntry } from "@contract/site";

import { brandCardPath, shareImageMeta } from "./share-image";
import { structuredData } from "./structured-data";

/** Normalises a pathname for sitemap look-ups: no trailing slash except the root. */
export function normalisePath(pathname: string) {
  const p = pathname.replace(/\/+$/, "");
  return p === "" ? "/" : p;
}

export function sitemapEntryFor<T extends Pick<SitemapEntry, "url">>(sitemap: T[], pathname: string): T | undefined {
  const path = normalisePath(pathname);
  return sitemap.find((e) => normalisePath(e.url) === path);
}

/** The document title: the sitemap entry's title with the site's prefix and suffix, else the organisation name. */
export function documentTitle(
  settings: Pick<Settings, "organisation_name" | "name" | "seo_title_prefix" | "seo_title_suffix">,
  entryTitle?: string | null,
) {
  const organisation = settings.organisation_name || settings.name;
  if (!entryTitle) return organisation;
  return `${settings.seo_title_prefix}${entryTitle}${settings.seo_title_suffix}`;
}

export interface HeadSettings {
  name: string;
  organisation_name: string;
  organisation_abn: string;
  organisation_address: string;
  organisation_email: string;
  organisation_phone: string;
  organisation_logo: string | null;
  /** The logo made for dark grounds (the share card on a dark brand colour). */
  organisation_logo_dark?: string | null;
  seo_title_prefix: string;
  seo_title_suffix: string;
  theme_colour: string | null;
  dark_theme_colour: string | null;
  verification: { name: string; content: string }[];
  sameAs: string[];
  twitter: string | null;
}

export interface HeadInput {
  settings: HeadSettings;
  sitemap: { url: string; seo_title: string; seo_meta_description: string }[];
  origin: string;
  locale: string;
  theme: "light" | "dark" | "system";
  homeName: string;
  pathname: string;
  /** Set for error screens: the title to show (for example "Page not found"). */
  errorTitle?: string;
}

const absolute = (origin: string, url: string | null) =>
  !url ? null : /^https?:\/\//.test(url) ? url : `${origin}${url.startsWith("/") ? "" : "/"}${url}`;

/** Everything in a page's head that comes from the site settings and the sitemap. */
export function buildHead(input: HeadInput) {
  const { settings, origin, pathname } = input;
  const path = normalisePath(pathname);
  const entry = input.errorTitle ? undefined : sitemapEntryFor(input.sitemap, path);
  const title = documentTitle(settings, input.errorTitle ?? entry?.seo_title);
  const description = entry?.seo_meta_description ?? "";
  const canonical = `${origin}${entry ? normalisePath(entry.url) : path}`;
  const organisation = settings.organisation_name || settings.name;
  const logo = absolute(origin, settings.organisation_logo);
  // Link previews: the brand card (the logo on the theme colour) until a page names its own picture.
  const card = absolute(origin, brandCardPath(settings));

  const themeColours =
    input.theme === "system"
      ? [
          settings.theme_colour
            ? { name: "theme-color", content: settings.theme_colour, media: "(prefers-color-scheme: light)" }
            : null,
          settings.dark_theme_colour
            ? { name: "theme-color", content: settings.dark_theme_colour, media: "(prefers-color-scheme: dark)" }
            : null,
        ]
      : [
          (input.theme === "dark" ? settings.dark_theme_colour : settings.theme_colour)
            ? {
                name: "theme-color",
                content: (input.theme === "dark" ? settings.dark_theme_colour : settings.theme_colour) as string,
              }
            : null,
        ];

  const meta = [
    { title },
    description ? { name: "description", content: description } : null,
    input.errorTitle ? { name: "robots", content: "noindex" } : { tagName: "link", rel: "canonical", href: canonical },
    ...themeColours,
    { property: "og:type", content: "website" },
    { property: "og:site_name", content: organisation },
    { property: "og:title", content: title },
    description ? { property: "og:description", content: description } : null,
    { property: "og:url", content: canonical },
    { property: "og:locale", content: input.locale.replace("-", "_") },
    ...(card ? shareImageMeta(card, organisation) : []),
    !card && logo ? { property: "og:image", content: logo } : null,
    card ? null : { name: "twitter:card", content: "summary" },
    { name: "twitter:title", content: title },
    description ? { name: "twitter:description", content: description } : null,
    settings.twitter ? { name: "twitter:site", content: settings.twitter } : null,
    ...settings.verification,
  ].filter((m): m is NonNullable<typeof m> => m !== null);

  if (input.errorTitle) return meta;
  const graph = structuredData(
    {
      name: organisation,
      abn: settings.organisation_abn,
      address: settings.organisation_address,
      email: settings.organisation_email,
      phone: settings.organisation_phone,
      logo,
      sameAs: settings.sameAs,
    },
    {
      origin,
      path,
      title: entry?.seo_title || organisation,
      description,
      locale: input.locale,
      homeName: input.homeName,
      nameOfPath: (p) => sitemapEntryFor(input.sitemap, p)?.seo_title,
    },
  );
  return [...meta, { "script:ld+json": graph }];
}
