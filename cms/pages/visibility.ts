/**
 * What visitors may see of a page (decisions 011, 017, 019 and 027). The public API leaves out
 * what the site would not show, by the site's own rules (`app/page-builder/visibility.ts`):
 *
 * - a page block shows unless it is hidden or deleted, before its start_time or from its
 *   end_time on, switched off by its visibility flag (0, "0", false or "false"), before its
 *   hidden_before or from its hidden_after on;
 * - a row's block shows unless it is deleted; a row's widget unless it is deleted, or its
 *   `wrapper` switches it off or puts now outside its hidden_before / hidden_after window.
 *
 * Times without a zone are read on the site's clock. Each of these is visible on one window,
 * [from, until), so the next moment anything on the page appears or disappears is the earliest
 * `from` ahead of a hidden one that will show, or `until` of a shown one: `next_change_at`.
 */
import { scheduleInstant } from "../contract/site-clock";

type Json = Record<string, unknown>;

const isRecord = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);

/** A visibility flag that switches its holder off. */
const isSwitchedOff = (flag: unknown) => flag === 0 || flag === "0" || flag === false || flag === "false";

/** When something may be seen: never (`off`), or on the window [from, until) (null: unbounded). */
interface Window {
  off: boolean;
  from: number | null;
  until: number | null;
}

const latest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.max(a, b));
const earliest = (a: number | null, b: number | null) => (a === null ? b : b === null ? a : Math.min(a, b));

/** The window of a holder of schedule settings (a page block, or a widget's wrapper). */
function windowOf(settings: Json, off: boolean, timeZone: string): Window {
  const at = (key: string) => scheduleInstant(settings[key], timeZone);
  return {
    off: off || isSwitchedOff(settings.visibility),
    from: latest(at("start_time"), at("hidden_before")),
    until: earliest(at("end_time"), at("hidden_after")),
  };
}

function isOpen(w: Window, now: number) {
  return !w.off && (w.from === null || now >= w.from) && (w.until === null || now < w.until);
}

/** The next moment after `now` at which the window's holder appears or disappears; null when never. */
function nextChange(w: Window, now: number) {
  if (w.off) return null;
  if (isOpen(w, now)) return w.until;
  const opensLater = w.from !== null && w.from > now && (w.until === null || w.from < w.until);
  return opensLater ? w.from : null;
}

/** A page block in the API's shape: its columns and its wrapper settings. */
type Block = Json & { hidden: boolean; deleted: boolean };

/** A row's widget (free JSON) with its window; null for what is not a widget object. */
function widgetWindow(widget: unknown, timeZone: string): Window | null {
  if (!isRecord(widget)) return null;
  return windowOf(isRecord(widget.wrapper) ? widget.wrapper : {}, widget.deleted === true, timeZone);
}

/** What a page's content looks like to a visitor now, and when that next changes. */
export interface VisibleContent<B> {
  rows: unknown[];
  pageContents: B[];
  /** The earliest moment ahead at which something hidden appears or something shown disappears (ISO). */
  next_change_at: string | null;
}

/**
 * The rows and page blocks a visitor sees at `now`, with `next_change_at`. With `preview` (an
 * editor's view) everything given is kept, and `next_change_at` still says when the public view
 * changes. Rows are free JSON: anything that is not a row, block or widget object is kept as it is.
 */
export function visibleContent<B extends Block>(
  content: { rows: unknown[]; pageContents: B[] },
  now: number,
  timeZone: string,
  preview = false,
): VisibleContent<B> {
  let next: number | null = null;
  const shown = (w: Window | null) => {
    if (!w) return true;
    const change = nextChange(w, now);
    if (change !== null && change > now) next = earliest(next, change);
    return preview || isOpen(w, now);
  };

  const pageContents = content.pageContents.filter((block) =>
    shown(windowOf(block, block.hidden || block.deleted, timeZone)),
  );
  const rows = content.rows.map((row) => {
    if (!isRecord(row) || !Array.isArray(row.blocks)) return row;
    const blocks = row.blocks
      .filter((block) => preview || !(isRecord(block) && block.deleted === true))
      .map((block) => {
        if (!isRecord(block) || !Array.isArray(block.widgets)) return block;
        if (block.deleted === true) return block; // an editor's view of a deleted block: no schedule counts
        return { ...block, widgets: block.widgets.filter((widget) => shown(widgetWindow(widget, timeZone))) };
      });
    return { ...row, blocks };
  });
  return { rows, pageContents, next_change_at: next === null ? null : new Date(next).toISOString() };
}
