import type { HeadSettings } from "~/lib/seo";

/** The head's site settings for tests: the seeded organisation's name, nothing else set. */
export const headSettings = (over: Partial<HeadSettings> = {}): HeadSettings => ({
  name: "Dovetail",
  organisation_name: "Dovetail Outdoor Furniture",
  organisation_abn: "",
  organisation_address: "",
  organisation_email: "",
  organisation_phone: "",
  organisation_logo: null,
  seo_title_prefix: "",
  seo_title_suffix: "",
  theme_colour: null,
  dark_theme_colour: null,
  verification: [],
  sameAs: [],
  twitter: null,
  ...over,
});
