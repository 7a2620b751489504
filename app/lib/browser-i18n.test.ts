import { readdirSync, readFileSync } from "node:fs";

import i18next from "i18next";
import { describe, expect, it } from "vitest";

import { LANGUAGES } from "@contract/languages";
import { i18n as settings } from "~/i18n";

import { createBrowserI18n } from "./browser-i18n";

const locales = new URL("../../locales/", import.meta.url);
const messagesOf = (code: string) =>
  JSON.parse(readFileSync(new URL(`${code}/common.json`, locales), "utf8")) as Record<string, unknown>;

/** The real thing, set up as the server sets it up, with one language's messages. */
function realI18next(code: string, messages: Record<string, unknown>) {
  const instance = i18next.createInstance();
  void instance.init({
    ...settings,
    supportedLngs: [...settings.supportedLngs],
    ns: [...settings.ns],
    lng: code,
    fallbackLng: false,
    resources: { [code]: { common: messages } },
    initImmediate: false,
  });
  return instance;
}

function keysOf(node: Record<string, unknown>, prefix = ""): string[] {
  return Object.entries(node).flatMap(([key, value]) =>
    value && typeof value === "object"
      ? keysOf(value as Record<string, unknown>, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

describe("the browser's i18n stand-in", () => {
  it("covers every language of the site", () => {
    const folders = readdirSync(locales).sort();
    expect(folders).toEqual(Object.keys(LANGUAGES).sort());
  });

  it("says every message of every language exactly as i18next does, with and without values", () => {
    for (const code of Object.keys(LANGUAGES)) {
      const messages = messagesOf(code);
      const real = realI18next(code, messages);
      const browser = createBrowserI18n(code, messages);
      for (const key of keysOf(messages)) {
        const placeholders = [...String(real.t(key)).matchAll(/\{\{(.+?)\}\}/g)].map((m) => m[1].trim());
        const filled = Object.fromEntries(placeholders.map((name, i) => [name, `v${i}<b>`]));
        for (const values of [undefined, filled, { ...filled, count: 1 }, { ...filled, count: 5 }, { count: 0 }]) {
          expect(browser.t(key, values), `${code} ${key} ${JSON.stringify(values)}`).toBe(real.t(key, values));
        }
      }
      for (const missing of ["nav.nothing", "nothing"]) {
        expect(browser.t(missing), `${code} ${missing}`).toBe(real.t(missing));
      }
      expect(browser.t("nav.nothing", "Fallback")).toBe(real.t("nav.nothing", "Fallback"));
      expect(browser.dir(code), code).toBe(real.dir(code));
    }
  });

  it("picks a plural form by count, and treats null values as i18next does", () => {
    const messages = { items_one: "one item", items_other: "{{count}} items", hi: "Hi {{name}}!" };
    const real = realI18next("en", messages);
    const browser = createBrowserI18n("en", messages);
    for (const count of [0, 1, 2, 21]) expect(browser.t("items", { count })).toBe(real.t("items", { count }));
    for (const name of [null, undefined, 0, "Ada"]) expect(browser.t("hi", { name })).toBe(real.t("hi", { name }));
  });

  it("is one language, loaded and ready, for react-i18next", () => {
    const browser = createBrowserI18n("ar", messagesOf("ar"));
    expect(browser.language).toBe("ar");
    expect(browser.languages).toEqual(["ar"]);
    expect(browser.isInitialized).toBe(true);
    expect(browser.hasLoadedNamespace("common")).toBe(true);
    const arabicHome = (messagesOf("ar").nav as Record<string, string>).home;
    expect(browser.getFixedT(null, "common")("nav.home")).toBe(arabicHome);
    expect(browser.dir()).toBe("rtl");
  });
});
