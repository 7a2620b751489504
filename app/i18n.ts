/** i18next settings shared by the server and the browser. English is the startup language. */
export const i18n = {
  supportedLngs: ["en"],
  fallbackLng: "en",
  defaultNS: "common",
  ns: ["common"],
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} as const;
