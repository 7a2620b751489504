/**
 * Bookings on a form (issue 27, section 3): a number field the form's cost is charged per (the
 * workshop's attendees: A$95 a person, 1 to 6), and the days a date field may name (Saturdays
 * from next week, not the listed ones). Both sides check a submission by these rules, the site
 * beside the field and the CMS before it takes the money. Browser-safe: no imports.
 */

/** The days a date field may name, counted on the site's clock. */
export interface DateRule {
  /** The days of the week allowed, 0 (Sunday) to 6 (Saturday); null: any. */
  weekdays: number[] | null;
  /** The first day allowed, this many days from today (0: today; default 0: never the past). */
  minDaysAhead: number;
  /** The last day allowed, this many days from today; null: no end. */
  maxDaysAhead: number | null;
  /** Days not allowed (YYYY-MM-DD): holidays, a full workshop. */
  except: string[];
}

type Raw = Record<string, unknown>;

const wholeIn = (v: unknown, min: number, max: number) => {
  const n = typeof v === "string" && v.trim() !== "" ? Number(v) : v;
  return typeof n === "number" && Number.isInteger(n) && n >= min && n <= max ? n : null;
};

/**
 * A date question's rule, from its `weekdays` ([6] or "6"), `min_days_ahead`, `max_days_ahead`
 * and `except_dates`; null when it sets none of them (any real day then, the past included).
 */
export function dateRuleOf(raw: Raw): DateRule | null {
  const list = (v: unknown) => (Array.isArray(v) ? v : typeof v === "string" && v.trim() ? v.split(/[\s,|]+/) : []);
  const weekdays = list(raw.weekdays)
    .map((d) => wholeIn(d, 0, 6))
    .filter((d): d is number => d !== null);
  const min = wholeIn(raw.min_days_ahead, 0, 3650);
  const max = wholeIn(raw.max_days_ahead, 0, 3650);
  const except = list(raw.except_dates).filter((d): d is string => typeof d === "string" && isoDay(d));
  if (!weekdays.length && min === null && max === null && !except.length) return null;
  return {
    weekdays: weekdays.length ? [...new Set(weekdays)].sort() : null,
    minDaysAhead: min ?? 0,
    maxDaysAhead: max,
    except,
  };
}

const ISO_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;
const isoDay = (value: string) => ISO_DAY.test(value) && !Number.isNaN(Date.parse(`${value}T00:00:00Z`));

/** YYYY-MM-DD `days` after `day` (calendar days, no clock involved). */
export function addDays(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() + days);
  return date.toISOString().slice(0, 10);
}

/** The day of the week of YYYY-MM-DD: 0 (Sunday) to 6 (Saturday). */
export const weekdayOf = (day: string) => new Date(`${day}T00:00:00Z`).getUTCDay();

export type DateRefusal = "past" | "too_soon" | "too_late" | "weekday" | "excluded";

/** Why `day` (YYYY-MM-DD) may not be booked when the site's clock says `today`; null when it may. */
export function dateRefusal(rule: DateRule, day: string, today: string): DateRefusal | null {
  if (day < today) return "past";
  if (day < addDays(today, rule.minDaysAhead)) return "too_soon";
  if (rule.maxDaysAhead !== null && day > addDays(today, rule.maxDaysAhead)) return "too_late";
  if (rule.weekdays && !rule.weekdays.includes(weekdayOf(day))) return "weekday";
  if (rule.except.includes(day)) return "excluded";
  return null;
}

/** The first and last day a date input may offer (its `min` and `max`). */
export function dateRange(rule: DateRule, today: string): { min: string; max: string | null } {
  return {
    min: addDays(today, rule.minDaysAhead),
    max: rule.maxDaysAhead === null ? null : addDays(today, rule.maxDaysAhead),
  };
}

/** Whether a number question is the one the form's cost is charged per (`per_person` or `multiplies_cost`). */
export const isPerPerson = (raw: Raw) =>
  [raw.per_person, raw.multiplies_cost].some((v) => v === true || v === 1 || v === "1" || v === "true");

/**
 * What a booking costs, in cents: the form's cost times the whole number answered in its
 * per-person field (1 when it has none). NaN when that answer is not a whole number of 1 or more.
 */
export function bookingCents(
  costCents: number,
  fields: readonly { name: string; perPerson: boolean }[],
  values: Record<string, string>,
): { quantity: number; cents: number } {
  const field = fields.find((f) => f.perPerson);
  const quantity = field ? Number(values[field.name]) : 1;
  if (!Number.isInteger(quantity) || quantity < 1) return { quantity, cents: Number.NaN };
  return { quantity, cents: costCents * quantity };
}
