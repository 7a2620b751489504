/**
 * The site's interface languages and which of them are written right to left: the site renders
 * its pages in them (`app/i18n.ts`), and the CMS keeps a member's language among them and writes
 * its mails in it. Browser-safe: no imports.
 */

/** The interface languages, by code, each named in its own language (English first: the startup language). */
export const LANGUAGES = {
  en: "English",
  ar: "العربية",
  de: "Deutsch",
  es: "Español",
  fr: "Français",
  id: "Bahasa Indonesia",
  it: "Italiano",
  ja: "日本語",
  ka: "ქართული",
  ko: "한국어",
  pl: "Polski",
  "pt-BR": "Português (Brasil)",
  ru: "Русский",
  tr: "Türkçe",
  uk: "Українська",
  uz: "Oʻzbekcha",
  vi: "Tiếng Việt",
  "zh-CN": "简体中文",
} as const;

export type Language = keyof typeof LANGUAGES;

/** The codes alone, in the same order (a tuple, so `z.enum(LANGUAGE_CODES)` takes it). */
export const LANGUAGE_CODES = Object.keys(LANGUAGES) as [Language, ...Language[]];

/** Languages written right to left (i18next's list, cut to base codes a site may use). */
export const RIGHT_TO_LEFT: ReadonlySet<string> = new Set([
  "ar",
  "arc",
  "ckb",
  "dv",
  "fa",
  "he",
  "iw",
  "ps",
  "sd",
  "ug",
  "ur",
  "yi",
  "ji",
]);

/** The writing direction of a language code ("ar", "ar-EG", "en"): its base code decides. */
export function textDirection(code: string): "rtl" | "ltr" {
  return RIGHT_TO_LEFT.has(code.split("-")[0].toLowerCase()) ? "rtl" : "ltr";
}
