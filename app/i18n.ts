import { LANGUAGE_CODES } from "@contract/languages";

/** i18next settings shared by the server and the browser. */
export const i18n = {
  // The languages are the contract's (cms/contract/languages.ts): the CMS mails members in them.
  supportedLngs: LANGUAGE_CODES,
  fallbackLng: "en",
  defaultNS: "common",
  ns: ["common"],
  // "pt-BR" and "zh-CN" are whole languages here: never fall back to "pt" or "zh" files.
  load: "currentOnly",
  interpolation: { escapeValue: false },
  react: { useSuspense: false },
} as const;
