import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";

import { describe, expect, it } from "vitest";

import { LANGUAGE_CODES } from "../../cms/contract/languages";

/** Checks every locales/{lng}/common.json (the site) and cms.json (the back-office) against the English messages. */

const LOCALES_DIR = fileURLToPath(new URL("../../locales", import.meta.url));

/**
 * Keys whose value may legitimately be the same as English.
 * "*" applies to every language; a language code adds keys for that language only.
 */
const SAME_AS_ENGLISH_ALLOWED: Record<string, readonly string[]> = {
  "*": ["footer.abn", "footer.copyright", "shop.addonLabel"], // an abbreviation plus placeholders, or symbols plus placeholders
  id: ["footer.email", "login.email", "nav.menu"], // "Email" and "Menu" are the usual Indonesian UI words
  vi: ["footer.email", "login.email"], // "Email" is the usual Vietnamese UI word
  de: ["login.code", "voucher.code", "voucher.print.code"], // "Code" is the German word for a sign-in code
  // "Menu" is the word in these languages too.
  // "Dimensions", "Code", "Pages", "Questions" and "Page {{number}}" are French words too.
  fr: [
    "nav.menu",
    "catalogue.dimensions",
    "login.code",
    "voucher.code",
    "voucher.print.code",
    "search.kind.page",
    "search.kind.faq",
    "paging.page",
    "paging.pages",
  ],
  it: ["nav.menu", "login.email", "login.password"], // Italian interfaces say "Email" and "Password"
  pl: ["nav.menu"],
  "pt-BR": ["nav.menu"],
};

/** The same, for the back-office's messages (cms.json): words such as "URL" are the same in many languages. */
const BACK_OFFICE_SAME_AS_ENGLISH_ALLOWED: Record<string, readonly string[]> = {
  "*": [],
  // "Status", "Position", "Name" and "Organisation" are German words too.
  de: [
    "records.status",
    "records.position",
    "records.fields.name",
    "settings.sections.organisation",
    "vouchers.status",
    "orders.status",
  ],
  // "Photos" and "Parent" are French words too.
  fr: ["records.photos", "records.parent"],
};

type Messages = { [key: string]: string | Messages };

function readMessages(lng: string, file: string): Messages {
  return JSON.parse(readFileSync(join(LOCALES_DIR, lng, file), "utf8")) as Messages;
}

/** Flattens nested messages into dotted keys, e.g. { nav: { skip } } → "nav.skip". */
function flatten(messages: Messages, prefix = ""): Map<string, unknown> {
  const out = new Map<string, unknown>();
  for (const [key, value] of Object.entries(messages)) {
    const path = prefix + key;
    if (value !== null && typeof value === "object" && !Array.isArray(value)) {
      for (const [k, v] of flatten(value as Messages, path + ".")) out.set(k, v);
    } else {
      out.set(path, value);
    }
  }
  return out;
}

/** The {{placeholders}} in a message, sorted so that order in the sentence does not matter. */
function placeholders(value: string): string[] {
  return (value.match(/\{\{[^{}]*\}\}/g) ?? []).map((p) => p.replace(/\s+/g, "")).sort();
}

const languages = readdirSync(LOCALES_DIR, { withFileTypes: true })
  .filter((entry) => entry.isDirectory())
  .map((entry) => entry.name)
  .sort();

const others = languages.filter((lng) => lng !== "en");

it("has a folder for each of the contract's languages, and no other", () => {
  expect(languages).toEqual([...LANGUAGE_CODES].sort());
});

describe.each([
  { file: "common.json", allowance: SAME_AS_ENGLISH_ALLOWED },
  { file: "cms.json", allowance: BACK_OFFICE_SAME_AS_ENGLISH_ALLOWED },
])("locales/*/$file", ({ file, allowance }) => {
  const english = flatten(readMessages("en", file));

  it("English messages are all non-empty strings", () => {
    for (const [key, value] of english) {
      expect(typeof value === "string" && value.trim() !== "", `en: ${key}`).toBe(true);
    }
  });

  it("allowance only names keys that English has", () => {
    const unknown = Object.entries(allowance).flatMap(([lng, keys]) =>
      keys.filter((key) => !english.has(key)).map((key) => `${lng}: ${key}`),
    );
    expect(unknown).toEqual([]);
  });

  describe.each(others)("%s", (lng) => {
    // Read lazily so that a missing or broken file fails this language's tests, not the whole file.
    let cached: Map<string, unknown> | undefined;
    const load = () => (cached ??= flatten(readMessages(lng, file)));

    it("has the same keys as English", () => {
      const messages = load();
      const missing = [...english.keys()].filter((key) => !messages.has(key));
      const extra = [...messages.keys()].filter((key) => !english.has(key));
      expect({ language: lng, missing, extra }).toEqual({ language: lng, missing: [], extra: [] });
    });

    it("keeps the same placeholders as English", () => {
      const messages = load();
      const wrong: string[] = [];
      for (const [key, en] of english) {
        const value = messages.get(key);
        if (typeof value !== "string") continue;
        const want = placeholders(en as string);
        const got = placeholders(value);
        if (want.join() !== got.join())
          wrong.push(`${key}: expected ${want.join(" ") || "none"}, got ${got.join(" ") || "none"}`);
      }
      expect(wrong, `${lng}: placeholders differ`).toEqual([]);
    });

    it("has a non-empty translation for every message", () => {
      const messages = load();
      const empty = [...english.keys()].filter((key) => {
        const value = messages.get(key);
        return typeof value !== "string" || value.trim() === "";
      });
      expect(empty, `${lng}: empty or non-string values`).toEqual([]);
    });

    it("does not leave messages in English beyond the allowance", () => {
      const messages = load();
      const allowed = new Set([...(allowance["*"] ?? []), ...(allowance[lng] ?? [])]);
      const untranslated = [...english]
        .filter(([key, en]) => messages.get(key) === en && !allowed.has(key))
        .map(([key]) => key);
      expect(untranslated, `${lng}: same as English`).toEqual([]);
    });
  });
});
