import { readFileSync } from "node:fs";
import { resolve } from "node:path";

type Messages = Record<string, unknown>;

const cache = new Map<string, Messages>();

/**
 * The back-office's messages in a language (`locales/{lng}/cms.json`), read once. They are a
 * namespace of their own so that no page of the site carries them: the back-office's routes hand
 * them to their views (`BackOfficeText`), on the server and for hydration alike.
 */
export function backOfficeMessages(lng: string): Messages {
  let messages = cache.get(lng);
  if (!messages) {
    try {
      messages = JSON.parse(readFileSync(resolve("./locales", lng, "cms.json"), "utf8")) as Messages;
    } catch {
      messages = lng === "en" ? {} : backOfficeMessages("en");
    }
    cache.set(lng, messages);
  }
  return messages;
}
