import type { i18n as I18next } from "i18next";

import { textDirection } from "@contract/languages";

type Messages = Record<string, unknown>;
type Options = Record<string, unknown>;

/**
 * The messages of one language in the browser, read the way i18next reads them here: keys with
 * dots (`nav.home`), `{{name}}` placeholders (unescaped, as the site sets them; a value not given
 * leaves the placeholder, null or undefined leaves nothing), a plural suffix chosen by `count` when the key
 * has one (`key_one`, `key_other`), a default value, and the key itself when nothing matches.
 * tests: browser-i18n.test.ts renders every key of every language both ways and compares.
 */
export function translator(lng: string, messages: Messages) {
  const plurals = new Intl.PluralRules(lng);
  const lookup = (key: string) => {
    let node: unknown = messages;
    for (const part of key.split(".")) {
      if (typeof node !== "object" || node === null || !Object.hasOwn(node, part)) return undefined;
      node = (node as Messages)[part];
    }
    return typeof node === "string" ? node : undefined;
  };
  const interpolate = (text: string, values: Options) =>
    text.replace(/\{\{(.+?)\}\}/g, (whole, inner: string) => {
      const name = inner.replace(/^-/, "").trim();
      if (!Object.hasOwn(values, name)) return whole;
      const value = values[name];
      return value === null || value === undefined ? "" : String(value);
    });

  return (key: string | string[], options?: Options | string): string => {
    const values: Options = typeof options === "string" ? { defaultValue: options } : (options ?? {});
    const keys = (Array.isArray(key) ? key : [key]).map((k) => k.replace(/^common:/, ""));
    for (const k of keys) {
      const count = values.count;
      const text =
        (typeof count === "number" ? lookup(`${k}_${plurals.select(count)}`) : undefined) ?? lookup(k) ?? undefined;
      if (text !== undefined) return interpolate(text, values);
    }
    const fallback = typeof values.defaultValue === "string" ? values.defaultValue : keys[keys.length - 1];
    return interpolate(fallback, values);
  };
}

/**
 * An i18next stand-in for the browser: the one language the page was served in, with its
 * messages, and what react-i18next's `useTranslation` and `I18nextProvider` and the root's
 * layout use of an instance. The browser never changes language (the language menu loads a new
 * document), never loads messages and never formats, so the library's 48 KB (15 KB compressed)
 * stays on the server, where remix-i18next keeps using i18next itself (decision 030).
 */
export function createBrowserI18n(lng: string, messages: Messages): I18next {
  const t = translator(lng, messages);
  const noop = () => {};
  const instance = {
    language: lng,
    languages: [lng],
    resolvedLanguage: lng,
    isInitialized: true,
    options: { defaultNS: "common", ns: ["common"], react: { useSuspense: false } },
    services: {},
    store: { data: { [lng]: { common: messages } }, on: noop, off: noop },
    t,
    getFixedT: () => t,
    exists: (key: string) => t(key, { defaultValue: "\u0000" }) !== "\u0000",
    hasLoadedNamespace: () => true,
    loadNamespaces: (_ns: unknown, done?: () => void) => done?.(),
    loadLanguages: (_lng: unknown, done?: () => void) => done?.(),
    on: noop,
    off: noop,
    dir: (code: string = lng) => textDirection(code),
  };
  // The stand-in has the part of i18next's interface that the site's browser code reaches; the
  // type cannot follow from an object this small, so it is asserted here, once.
  return instance as unknown as I18next;
}
