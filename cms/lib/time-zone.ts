/**
 * Schedule times typed by editors without a zone ("2026-12-01" or "2026-12-01 09:00") mean the
 * site's wall clock (decision 019): the `time_zone` site setting, Brisbane when unset or unknown.
 * The site reads them so (`app/lib/time-zone.ts`); the CMS must read them the same way when it
 * decides what visitors see, and cannot import app/, so this is the same small function again
 * (decision 035): change both.
 */

/** The seeded site is on the Sunshine Coast (Queensland: UTC+10, no daylight saving). */
export const DEFAULT_TIME_ZONE = "Australia/Brisbane";

const ZONELESS = /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.\d+)?)?)?$/;

/** Names already checked, and whether Intl knows them (creating a formatter costs 0.1 ms). */
const knownZones = new Map<string, boolean>();

/** A usable IANA time zone name, or the default. */
export function siteTimeZone(value: unknown) {
  if (typeof value !== "string" || !value) return DEFAULT_TIME_ZONE;
  let known = knownZones.get(value);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat("en", { timeZone: value });
      known = true;
    } catch {
      known = false;
    }
    // Bounded: the setting is one value per site, but nothing should grow without end.
    if (knownZones.size < 100) knownZones.set(value, known);
  }
  return known ? value : DEFAULT_TIME_ZONE;
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string) {
  const parts = new Intl.DateTimeFormat("en-US", {
    timeZone,
    hourCycle: "h23",
    year: "numeric",
    month: "2-digit",
    day: "2-digit",
    hour: "2-digit",
    minute: "2-digit",
    second: "2-digit",
  }).formatToParts(instant);
  const get = (type: string) => Number(parts.find((p) => p.type === type)?.value);
  const wall = Date.UTC(get("year"), get("month") - 1, get("day"), get("hour"), get("minute"), get("second"));
  return wall - Math.floor(instant / 1000) * 1000;
}

/**
 * A schedule value as an instant in milliseconds: one with a zone (or "Z") as it says; a
 * zone-less date or date-time on the site's clock; null when there is none or it cannot be read.
 */
export function scheduleInstant(value: unknown, timeZone: string): number | null {
  if (typeof value !== "string" || !value) return null;
  const m = ZONELESS.exec(value.trim());
  if (!m) {
    const t = Date.parse(value);
    return Number.isNaN(t) ? null : t;
  }
  const [, y, mo, d, h = "0", mi = "0", s = "0"] = m;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(wall)) return null;
  // The offset at the guess, then again at the result (right across a daylight-saving change).
  const guess = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(guess, timeZone);
}
