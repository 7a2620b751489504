/**
 * The site's clock (decisions 019 and 035). Schedule times typed without a zone ("2026-12-01" or
 * "2026-12-01 09:00") mean the site's wall clock: the `time_zone` site setting, Brisbane when
 * unset or unknown; not the server's clock or UTC. The site reads them so when it renders a page,
 * and the CMS the same way when it decides what visitors may see. Browser-safe: no imports.
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

/** The zone's wall clock at an instant: the year in four digits, every other part in two. */
function wallClock(instant: number, timeZone: string) {
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
  const get = (type: Intl.DateTimeFormatPartTypes) => parts.find((p) => p.type === type)?.value ?? "00";
  return {
    year: get("year"),
    month: get("month"),
    day: get("day"),
    hour: get("hour"),
    minute: get("minute"),
    second: get("second"),
  };
}

/** How far the zone's wall clock is ahead of UTC at an instant, in milliseconds. */
function offsetAt(instant: number, timeZone: string) {
  const c = wallClock(instant, timeZone);
  const wall = Date.UTC(+c.year, +c.month - 1, +c.day, +c.hour, +c.minute, +c.second);
  return wall - Math.floor(instant / 1000) * 1000;
}

/** An instant on the zone's wall clock as a datetime-local input writes it: `YYYY-MM-DDTHH:MM`. */
export function localDateTime(instant: number, timeZone: string): string {
  const c = wallClock(instant, timeZone);
  return `${c.year}-${c.month}-${c.day}T${c.hour}:${c.minute}`;
}

/**
 * A zone-less date or date-time as an instant in milliseconds on the site's clock: undefined when
 * the value is not zone-less (it has a zone, or is no date), NaN when its numbers make no date.
 */
function wallClockInstant(value: string, timeZone: string): number | undefined {
  const m = ZONELESS.exec(value.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = "0", mi = "0", s = "0"] = m;
  const wall = Date.UTC(Number(y), Number(mo) - 1, Number(d), Number(h), Number(mi), Number(s));
  if (Number.isNaN(wall)) return Number.NaN;
  // The offset at the guess, then again at the result (right across a daylight-saving change).
  const guess = wall - offsetAt(wall, timeZone);
  return wall - offsetAt(guess, timeZone);
}

/**
 * A schedule value as an ISO instant (the site's reading, as it renders a page): one with a zone
 * (or "Z") is kept as it is; a zone-less date or date-time is read on the site's clock. Anything
 * else is returned unchanged.
 */
export function zonedInstant(value: unknown, timeZone: string): unknown {
  if (typeof value !== "string") return value;
  const instant = wallClockInstant(value, timeZone);
  if (instant === undefined || Number.isNaN(instant)) return value;
  return new Date(instant).toISOString();
}

/**
 * A schedule value as an instant in milliseconds (the CMS's reading, as it decides what visitors
 * see): one with a zone (or "Z") as it says; a zone-less date or date-time on the site's clock;
 * null when there is none or it cannot be read.
 */
export function scheduleInstant(value: unknown, timeZone: string): number | null {
  if (typeof value !== "string" || !value) return null;
  const instant = wallClockInstant(value, timeZone);
  if (instant === undefined) {
    const t = Date.parse(value);
    return Number.isNaN(t) ? null : t;
  }
  return Number.isNaN(instant) ? null : instant;
}
