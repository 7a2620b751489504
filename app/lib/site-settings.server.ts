import type { Settings } from "@contract/site";

import type { HeadSettings } from "./seo";

const SOCIAL_KEYS = [
  "facebook",
  "twitter",
  "instagram",
  "linkedin",
  "youtube",
  "pinterest",
  "github",
  "xing",
  "skype",
] as const;
const VERIFICATION_KEYS: Record<string, string> = {
  google_site_verification: "google-site-verification",
  bing_site_verification: "msvalidate.01",
  facebook_domain_verification: "facebook-domain-verification",
  pinterest_site_verification: "p:domain_verify",
};

function text(v: unknown) {
  return typeof v === "string" ? v.trim() : "";
}

/** The part of the site settings the page head and layout need (nothing secret reaches the browser). */
export function headSettings(settings: Settings): HeadSettings & {
  favicon: string;
  favicon_dark: string;
  show_back_to_top: boolean;
} {
  const sameAs = SOCIAL_KEYS.map((k) => text(settings[k])).filter((v) => /^https:\/\//.test(v));
  const twitterUrl = text(settings.twitter);
  const twitterHandle = /(?:twitter|x)\.com\/(\w{1,15})/.exec(twitterUrl)?.[1];
  return {
    name: settings.name,
    organisation_name: settings.organisation_name,
    organisation_abn: settings.organisation_abn,
    organisation_address: settings.organisation_address,
    organisation_email: settings.organisation_email,
    organisation_phone: settings.organisation_phone,
    organisation_logo: text(settings.organisation_logo) || null,
    organisation_logo_dark: text(settings.organisation_logo_dark) || null,
    seo_title_prefix: settings.seo_title_prefix,
    seo_title_suffix: settings.seo_title_suffix,
    theme_colour: settings.theme_colour ?? null,
    dark_theme_colour: settings.dark_theme_colour ?? null,
    verification: Object.entries(VERIFICATION_KEYS)
      .map(([key, name]) => ({ name, content: text(settings[key]) }))
      .filter((v) => v.content && /^[\w\-.:=]{1,200}$/.test(v.content)),
    sameAs,
    twitter: twitterHandle ? `@${twitterHandle}` : null,
    favicon: text(settings.favicon) || "/favicon.svg",
    favicon_dark: text(settings.favicon_dark) || text(settings.favicon) || "/favicon-dark.svg",
    show_back_to_top: settings.show_back_to_top,
  };
}
