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

/** i18next settings shared by the server and the browser. */
export const i18n = {
  supportedLngs: Object.keys(LANGUAGES) as Language[],
  fallbackLng: "en",
  defaultNS: "common",
  ns: ["common"],
  // "pt-BR" and "zh-CN" are whole languages here: never fall back to "pt" or "zh" files.
  load: "currentOnly",
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} as const;
