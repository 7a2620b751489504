import type { Settings, SitemapEntry } from "./api/schemas";

/** Normalises a pathname for sitemap look-ups: no trailing slash except the root. */
export function normalisePath(pathname: string) {
  const p = pathname.replace(/\/+$/, "");
  return p === "" ? "/" : p;
}

export function sitemapEntryFor(sitemap: SitemapEntry[], pathname: string) {
  const path = normalisePath(pathname);
  return sitemap.find((e) => normalisePath(e.url) === path);
}

/** The document title: the sitemap entry's title with the site's prefix and suffix, else the organisation name. */
export function documentTitle(settings: Pick<Settings, "organisation_name" | "name" | "seo_title_prefix" | "seo_title_suffix">, entryTitle?: string | null) {
  const organisation = settings.organisation_name || settings.name;
  if (!entryTitle) return organisation;
  return `${settings.seo_title_prefix}${entryTitle}${settings.seo_title_suffix}`;
}
