import type { PageBlock } from "~/lib/api/schemas";

function time(value: string | null | undefined) {
  if (!value) return null;
  const t = Date.parse(value);
  return Number.isNaN(t) ? null : t;
}

/**
 * Spec section 4, "Block visibility": an editing block always shows; otherwise a hidden or
 * deleted block never shows; a block with start_time shows once it has passed, one with
 * end_time only until it passes.
 */
export function isBlockVisible(block: Pick<PageBlock, "hidden" | "deleted" | "start_time" | "end_time">, now: number, editing = false) {
  if (editing) return true;
  if (block.hidden || block.deleted) return false;
  const start = time(block.start_time);
  const end = time(block.end_time);
  if (start !== null && now < start) return false;
  if (end !== null && now >= end) return false;
  return true;
}

/** Milliseconds until the next start or end time among the blocks, or null when none is ahead. */
export function msUntilNextVisibilityChange(blocks: Pick<PageBlock, "hidden" | "deleted" | "start_time" | "end_time">[], now: number) {
  let next: number | null = null;
  for (const b of blocks) {
    if (b.hidden || b.deleted) continue;
    for (const t of [time(b.start_time), time(b.end_time)]) {
      if (t !== null && t > now && (next === null || t < next)) next = t;
    }
  }
  return next === null ? null : next - now;
}
