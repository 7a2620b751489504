import type { Block, Row } from "@contract/pages";

/**
 * Tabs rows, as far as the rest of the site needs them without their view: which blocks a row
 * shows, and the id of a tabs row's tab list (where its `?tab=` links return to).
 */

/** A row's blocks that are not deleted, in their order. */
export function liveBlocks(row: Row): Block[] {
  return row.blocks.filter((b) => !b.deleted).sort((a, b) => a.sort - b.sort);
}

/** A block id made safe for an id attribute (no whitespace). */
export const domId = (id: string) => id.replace(/\s+/g, "-");

/** The id of a tabs row's tab list. */
export const tabsRowId = (blocks: Block[]) => `tabs-${domId(blocks[0]?.id ?? "row")}`;

/**
 * The place `?tab=` puts the visitor on a page: the tab list of the first tabs row that has a
 * tab of that name, or null (no tab asked for, or no such tab).
 */
export function tabsAnchor(rows: Row[], tab: string | null) {
  if (!tab) return null;
  for (const row of rows) {
    if (row.row_type !== "tabs") continue;
    const blocks = liveBlocks(row);
    if (blocks.some((b) => b.title === tab)) return tabsRowId(blocks);
  }
  return null;
}
