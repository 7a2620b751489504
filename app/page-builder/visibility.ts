import type { Page, PageBlock, Widget } from "@contract/pages";
import { zonedInstant } from "@contract/site-clock";

function time(value: unknown) {
  if (typeof value !== "string" || !value) return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : t;
}

/** The wrapper settings that decide whether a frame shows (spec section 2, "Widget wrapper settings"). */
export interface FrameSchedule {
  visibility?: unknown;
  hidden_before?: unknown;
  hidden_after?: unknown;
}

/**
 * A wrapper's own visibility: the visibility flag (0 hides), hidden while hidden_before is in
 * the future, and hidden once hidden_after has passed. Unparseable dates are ignored.
 */
export function isFrameVisible(settings: FrameSchedule, now: number) {
  const flag = settings.visibility;
  if (flag === 0 || flag === "0" || flag === false || flag === "false") return false;
  const before = time(settings.hidden_before);
  const after = time(settings.hidden_after);
  if (before !== null && now < before) return false;
  if (after !== null && now >= after) return false;
  return true;
}

type ScheduledBlock = Pick<PageBlock, "hidden" | "deleted" | "start_time" | "end_time"> & FrameSchedule;

/**
 * Spec section 4, "Block visibility": an editing block always shows; otherwise a hidden or
 * deleted block never shows; a block with start_time shows once it has passed, one with
 * end_time only until it passes; and its wrapper settings (see isFrameVisible) apply too.
 */
export function isBlockVisible(block: ScheduledBlock, now: number, editing = false) {
  if (editing) return true;
  if (block.hidden || block.deleted) return false;
  const start = time(block.start_time);
  const end = time(block.end_time);
  if (start !== null && now < start) return false;
  if (end !== null && now >= end) return false;
  return isFrameVisible(block, now);
}

/** A widget of a row: not deleted, and its wrapper (`widget.wrapper`) lets it show now. */
export function isWidgetVisible(widget: Pick<Widget, "deleted" | "wrapper">, now: number) {
  return !widget.deleted && isFrameVisible(widget.wrapper ?? {}, now);
}

/** The moments at which a block or a wrapper may appear or disappear. */
function changeTimes(s: Partial<ScheduledBlock>) {
  return [time(s.start_time), time(s.end_time), time(s.hidden_before), time(s.hidden_after)];
}

/** Milliseconds until the next start, end, hidden_before or hidden_after time, or null when none is ahead. */
export function msUntilNextVisibilityChange(schedules: Partial<ScheduledBlock>[], now: number) {
  let next: number | null = null;
  for (const s of schedules) {
    if (s.hidden || s.deleted) continue;
    for (const t of changeTimes(s)) {
      if (t !== null && t > now && (next === null || t < next)) next = t;
    }
  }
  return next === null ? null : next - now;
}

/**
 * Milliseconds until the page next changes: at the next schedule time it carries, or at the
 * upstream's `next_change_at` (the CMS leaves out what is hidden now, so a block that starts
 * later is not in the page, only this time), whichever comes first; null when none is ahead.
 */
export function msUntilPageChange(page: Page, now: number) {
  const own = msUntilNextVisibilityChange(pageSchedules(page), now);
  const told = time(page.next_change_at);
  const upstream = told !== null && told > now ? told - now : null;
  if (own === null || upstream === null) return own ?? upstream;
  return Math.min(own, upstream);
}

/** Every schedule on a page: its page blocks and the wrappers of its rows' widgets. */
export function pageSchedules(page: Page): Partial<ScheduledBlock>[] {
  const wrappers = page.rows.flatMap((row) =>
    row.blocks
      .filter((b) => !b.deleted)
      .flatMap((b) => b.widgets.filter((w) => !w.deleted).map((w) => (w.wrapper ?? {}) as FrameSchedule)),
  );
  return [...page.pageContents, ...wrappers];
}

const SCHEDULE_KEYS = ["start_time", "end_time", "hidden_before", "hidden_after"] as const;

function zoned<T extends object>(holder: T, timeZone: string): T {
  const out = { ...holder } as Record<string, unknown>;
  for (const key of SCHEDULE_KEYS) if (key in out) out[key] = zonedInstant(out[key], timeZone);
  return out as T;
}

/**
 * The page with every schedule time as an instant: zone-less times typed in the back-office are
 * read on the site's clock (its time zone), so the server and the browser agree on them.
 */
export function onSiteClock(page: Page, timeZone: string): Page {
  return {
    ...page,
    rows: page.rows.map((row) => ({
      ...row,
      blocks: row.blocks.map((b) => ({
        ...b,
        widgets: b.widgets.map((w) => (w.wrapper ? { ...w, wrapper: zoned(w.wrapper, timeZone) } : w)),
      })),
    })),
    pageContents: page.pageContents.map((pb) => zoned(pb, timeZone)),
  };
}
