/**
 * The formats the API writes values in, and the one way both sides show money. Browser-safe: no
 * imports.
 *
 * - Money: the CMS keeps cents (integers); the API answers dollars, a number with at most two
 *   decimals (`price: 12.5`), and takes dollars in bodies (a voucher's `amount`).
 * - Moments: ISO 8601 in UTC with milliseconds (`"2026-11-23T05:54:48.123Z"`); calendar dates
 *   (a date of birth) as `YYYY-MM-DD`. Schedule times an editor typed without a zone are read on
 *   the site's clock (`site-clock.ts`).
 */

/** Cents as the API's dollars: a number with at most two decimals. */
export function centsToDollars(cents: number): number {
  return Math.round(cents) / 100;
}

/** The API's dollars as cents. */
export function dollarsToCents(dollars: number): number {
  return Math.round(dollars * 100);
}

/**
 * A day in words, on the site's clock, as every screen and mail shows one: "29 November 2029"
 * (en-AU's long date; `locale` follows the interface language).
 */
export function formatLongDate(instant: number | Date, timeZone: string, locale = "en-AU"): string {
  const date = new Date(instant);
  try {
    // The interface's plain English is the business's: Australian (day before month).
    const tag = locale === "en" ? "en-AU" : locale;
    return new Intl.DateTimeFormat(tag, { dateStyle: "long", timeZone }).format(date);
  } catch {
    return new Intl.DateTimeFormat("en-AU", { dateStyle: "long", timeZone: "UTC" }).format(date);
  }
}

/** A calendar day (YYYY-MM-DD) in words: "12 December 2026" (a day, so no clock is involved). */
export const dayInWords = (day: string, locale = "en-AU") =>
  formatLongDate(Date.parse(`${day}T12:00:00Z`), "UTC", locale);

/**
 * Money as the shop and its invoices show it, on the site and in the CMS's mails: "$1,234.00",
 * always two decimals (a cart's sums must line up); a negative amount gets its sign first.
 */
export function formatMoney(dollars: number): string {
  const value = Number.isFinite(dollars) ? dollars : 0;
  const text = Math.abs(value).toLocaleString("en-AU", { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return `${value < 0 ? "-" : ""}$${text}`;
}
