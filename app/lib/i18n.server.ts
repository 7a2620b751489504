import { readFileSync } from "node:fs";
import { resolve } from "node:path";

import { createInstance, type i18n as I18n } from "i18next";
import { initReactI18next } from "react-i18next";

import { i18n } from "~/i18n";

const instances = new Map<string, Promise<I18n>>();

/** A language's messages, read from locales/ once. */
export function messagesFor(lng: string): Record<string, unknown> {
  return JSON.parse(readFileSync(resolve("./locales", lng, "common.json"), "utf8"));
}

/**
 * One i18next instance per language, made on first use and reused by every request in that
 * language (an instance's language never changes on the server, so sharing is safe).
 */
export function getI18n(lng: string): Promise<I18n> {
  let pending = instances.get(lng);
  if (!pending) {
    const instance = createInstance();
    pending = instance
      .use(initReactI18next)
      .init({
        ...i18n,
        supportedLngs: [...i18n.supportedLngs],
        ns: [...i18n.ns],
        lng,
        resources: { [lng]: { common: messagesFor(lng) } },
      })
      .then(() => instance);
    pending.catch(() => instances.delete(lng));
    instances.set(lng, pending);
  }
  return pending;
}
