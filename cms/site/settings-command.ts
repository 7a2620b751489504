/**
 * `npm run settings -- list | get <key> | set <key> <value>` (cms/settings-cli.ts): the site's
 * settings (the first domain's) read and changed without the back-office. A value is JSON when it
 * reads as JSON (`true`, `12`, `["a"]`), else the text as it is.
 */
import { asc, eq } from "drizzle-orm";

import type { Db } from "../db/client";
import { domains } from "../db/schema";
import { apiPaths, type ContentChange } from "../events";

export const SETTINGS_USAGE = "Usage: npm run settings -- list | get <key> | set <key> <value>";

/** A value as JSON when it parses as JSON, else the text itself. */
export function parseSettingValue(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

export interface SettingsCommandResult {
  /** What to print, line by line. */
  lines: string[];
  /** The process's exit code: 0 done, 1 not found, 2 bad use. */
  code: number;
  /** The change a `set` made, for the site's purge. */
  change?: ContentChange;
}

const show = (value: unknown) => JSON.stringify(value);

/** Runs one settings command against the database. */
export async function runSettingsCommand(db: Db, args: string[]): Promise<SettingsCommandResult> {
  const [command, key, ...rest] = args;
  const [domain] = await db.select().from(domains).orderBy(asc(domains.id)).limit(1);
  if (!domain) return { lines: ["The site has no settings yet (no domain)."], code: 1 };
  const settings = domain.settings;
  if (command === "list" && key === undefined) {
    return {
      lines: Object.keys(settings)
        .sort()
        .map((k) => `${k} = ${show(settings[k])}`),
      code: 0,
    };
  }
  if (command === "get" && key && rest.length === 0) {
    if (!(key in settings)) return { lines: [`${key} is not set`], code: 1 };
    return { lines: [show(settings[key])], code: 0 };
  }
  if (command === "set" && key && rest.length === 1) {
    const value = parseSettingValue(rest[0]);
    const before = key in settings ? show(settings[key]) : "(not set)";
    await db
      .update(domains)
      .set({ settings: { ...settings, [key]: value }, updatedAt: new Date() })
      .where(eq(domains.id, domain.id));
    return {
      lines: [`${key}: ${before} → ${show(value)}`],
      code: 0,
      change: { paths: ["/api/v1/cognito/domain/currentDomain", apiPaths.initialData] },
    };
  }
  return { lines: [SETTINGS_USAGE], code: 2 };
}
