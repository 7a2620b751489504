import type { Block, PageBlock, Row, Widget } from "@contract/pages";

/**
 * The editor's operations on a page's content document, as pure functions: each returns a new
 * document and leaves the one given untouched. An item is named by a path: `r0` (a row), `r0.b1`
 * (a block of it), `r0.b1.w2` (a widget of that block), `p3` (a page block). Positions are the
 * order in the document; sort numbers are rewritten to follow it after every change.
 */
export interface OutlineDoc {
  rows: Row[];
  pageContents: PageBlock[];
}

export type ItemPath =
  | { kind: "row"; row: number }
  | { kind: "block"; row: number; block: number }
  | { kind: "widget"; row: number; block: number; widget: number }
  | { kind: "pageBlock"; index: number };

const PATH = /^(?:r(\d{1,4})(?:\.b(\d{1,4})(?:\.w(\d{1,4}))?)?|p(\d{1,4}))$/;

/** Reads a path (`r0.b1.w2`, `p3`); null when it is no path. */
export function parsePath(value: string | null | undefined): ItemPath | null {
  const m = PATH.exec(value ?? "");
  if (!m) return null;
  const [, r, b, w, p] = m;
  if (p !== undefined) return { kind: "pageBlock", index: Number(p) };
  if (w !== undefined) return { kind: "widget", row: Number(r), block: Number(b), widget: Number(w) };
  if (b !== undefined) return { kind: "block", row: Number(r), block: Number(b) };
  return { kind: "row", row: Number(r) };
}

export function pathString(path: ItemPath): string {
  switch (path.kind) {
    case "row":
      return `r${path.row}`;
    case "block":
      return `r${path.row}.b${path.block}`;
    case "widget":
      return `r${path.row}.b${path.block}.w${path.widget}`;
    case "pageBlock":
      return `p${path.index}`;
  }
}

/** The widget at a path, or null. */
export function widgetAt(doc: OutlineDoc, path: ItemPath | null): Widget | null {
  if (path?.kind !== "widget") return null;
  return doc.rows[path.row]?.blocks[path.block]?.widgets[path.widget] ?? null;
}

/** The page block at a path, or null. */
export function pageBlockAt(doc: OutlineDoc, path: ItemPath | null): PageBlock | null {
  if (path?.kind !== "pageBlock") return null;
  return doc.pageContents[path.index] ?? null;
}

const swap = <T>(list: readonly T[], i: number, j: number): T[] | null => {
  if (i < 0 || j < 0 || i >= list.length || j >= list.length) return null;
  const out = [...list];
  [out[i], out[j]] = [out[j] as T, out[i] as T];
  return out;
};
const without = <T>(list: readonly T[], i: number): T[] | null =>
  i >= 0 && i < list.length ? list.filter((_, k) => k !== i) : null;

const renumberWidgets = (widgets: Widget[]) => widgets.map((w, sort) => ({ ...w, sort }));
const renumberBlocks = (blocks: Block[]) => blocks.map((b, sort) => ({ ...b, sort }));
const renumberPageBlocks = (list: PageBlock[]) => list.map((pb, sort_order) => ({ ...pb, sort_order }));

/** Changes one row's blocks, or null when the row is not there. */
function withRow<T extends OutlineDoc>(doc: T, row: number, change: (r: Row) => Row | null): T | null {
  const current = doc.rows[row];
  if (!current) return null;
  const next = change(current);
  if (!next) return null;
  return { ...doc, rows: doc.rows.map((r, i) => (i === row ? next : r)) };
}

function withBlock<T extends OutlineDoc>(doc: T, row: number, block: number, change: (b: Block) => Block | null) {
  return withRow(doc, row, (r) => {
    const current = r.blocks[block];
    const next = current ? change(current) : null;
    return next ? { ...r, blocks: r.blocks.map((b, i) => (i === block ? next : b)) } : null;
  });
}

/**
 * Moves an item one place up (-1) or down (+1) among its siblings. Null when it cannot move
 * (the first item up, the last down, or no such item): the caller says so instead of saving.
 */
export function moveItem<T extends OutlineDoc>(doc: T, path: ItemPath, by: -1 | 1): T | null {
  switch (path.kind) {
    case "row": {
      const rows = swap(doc.rows, path.row, path.row + by);
      return rows ? { ...doc, rows } : null;
    }
    case "block":
      return withRow(doc, path.row, (r) => {
        const blocks = swap(r.blocks, path.block, path.block + by);
        return blocks ? { ...r, blocks: renumberBlocks(blocks) } : null;
      });
    case "widget":
      return withBlock(doc, path.row, path.block, (b) => {
        const widgets = swap(b.widgets, path.widget, path.widget + by);
        return widgets ? { ...b, widgets: renumberWidgets(widgets) } : null;
      });
    case "pageBlock": {
      const list = swap(doc.pageContents, path.index, path.index + by);
      return list ? { ...doc, pageContents: renumberPageBlocks(list) } : null;
    }
  }
}

/** Removes an item (a row with its blocks, a block with its widgets); null when it is not there. */
export function removeItem<T extends OutlineDoc>(doc: T, path: ItemPath): T | null {
  switch (path.kind) {
    case "row": {
      const rows = without(doc.rows, path.row);
      return rows ? { ...doc, rows } : null;
    }
    case "block":
      return withRow(doc, path.row, (r) => {
        const blocks = without(r.blocks, path.block);
        return blocks ? { ...r, blocks: renumberBlocks(blocks) } : null;
      });
    case "widget":
      return withBlock(doc, path.row, path.block, (b) => {
        const widgets = without(b.widgets, path.widget);
        return widgets ? { ...b, widgets: renumberWidgets(widgets) } : null;
      });
    case "pageBlock": {
      const list = without(doc.pageContents, path.index);
      return list ? { ...doc, pageContents: renumberPageBlocks(list) } : null;
    }
  }
}

/** A new widget of a type, with no fields yet (its schema's defaults apply). */
export const newWidget = (id: string, type: string): Widget => ({
  id,
  type,
  sort: 0,
  deleted: false,
  fields: {},
  items: [],
});

/**
 * Adds a widget at the end of a block. Without a block to add to (a path that is no block), a new
 * row of one full-width block holding the widget goes at the end of the page.
 */
export function addWidget<T extends OutlineDoc>(doc: T, at: ItemPath | null, widget: Widget, blockId: string): T {
  if (at?.kind === "block") {
    const added = withBlock(doc, at.row, at.block, (b) => ({
      ...b,
      widgets: renumberWidgets([...b.widgets, widget]),
    }));
    if (added) return added;
  }
  const widgets = [{ ...widget, sort: 0 }];
  const block: Block = {
    id: blockId,
    title: "",
    block_class: "",
    width: 12,
    offset: 0,
    sort: 0,
    deleted: false,
    widgets,
  };
  const row: Row = {
    row_type: "columns",
    row_class: "",
    container_id: null,
    container_class: "",
    outer_class: "",
    blocks: [block],
  };
  return { ...doc, rows: [...doc.rows, row] };
}

/**
 * Adds a page block of a template at the end of the page's blocks: visible, with no start or end
 * time yet (its settings form sets them) and its variables empty (the template's defaults apply).
 */
export function addPageBlock<T extends OutlineDoc>(doc: T, template: string, id: string, name: string): T {
  const block: PageBlock = {
    id,
    sort_order: 0,
    name,
    template,
    variables: {},
    hidden: false,
    start_time: null,
    end_time: null,
    deleted: false,
  };
  return { ...doc, pageContents: renumberPageBlocks([...doc.pageContents, block]) };
}

/** Replaces a widget's fields (and, when given, its wrapper settings); null when it is not there. */
export function setWidget<T extends OutlineDoc>(
  doc: T,
  path: ItemPath,
  change: { fields?: Record<string, unknown>; wrapper?: Record<string, unknown> },
): T | null {
  if (path.kind !== "widget") return null;
  return withBlock(doc, path.row, path.block, (b) => {
    const current = b.widgets[path.widget];
    if (!current) return null;
    const next = { ...current, ...change };
    return { ...b, widgets: b.widgets.map((w, i) => (i === path.widget ? next : w)) };
  });
}

/** Sets a block's place on the 12-column grid (width 1–12, offset 0–11, together at most 12). */
export function setBlockGrid<T extends OutlineDoc>(doc: T, path: ItemPath, width: number, offset: number): T | null {
  if (path.kind !== "block" || width < 1 || width > 12 || offset < 0 || width + offset > 12) return null;
  return withBlock(doc, path.row, path.block, (b) => ({ ...b, width, offset }));
}

/** Replaces a page block's variables and (when given) its own settings; null when it is not there. */
export function setPageBlock<T extends OutlineDoc>(doc: T, path: ItemPath, change: Partial<PageBlock>): T | null {
  if (path.kind !== "pageBlock") return null;
  const current = doc.pageContents[path.index];
  if (!current) return null;
  const next = { ...current, ...change, id: current.id };
  return { ...doc, pageContents: doc.pageContents.map((pb, i) => (i === path.index ? next : pb)) };
}

/** A copy of a block with new ids for it and each of its widgets (a paste must not share ids). */
export function cloneBlock(block: Block, newId: () => string): Block {
  return { ...block, id: newId(), widgets: block.widgets.map((w) => ({ ...w, id: newId() })) };
}

/** Finds a block by its id anywhere in the rows; null when it is not there. */
export function blockById(doc: OutlineDoc, id: string): Block | null {
  for (const row of doc.rows) for (const block of row.blocks) if (block.id === id) return block;
  return null;
}

/** Adds a block as a new row of its own at the end of the page, keeping its place on the grid. */
export function pasteBlock<T extends OutlineDoc>(doc: T, block: Block): T {
  const row: Row = {
    row_type: "columns",
    row_class: "",
    container_id: null,
    container_class: "",
    outer_class: "",
    blocks: [{ ...block, sort: 0 }],
  };
  return { ...doc, rows: [...doc.rows, row] };
}

/**
 * Moves an item to another place among its siblings (drag and drop): the one-step moves repeated.
 * Null when the item or the place is not there.
 */
export function moveItemTo<T extends OutlineDoc>(doc: T, path: ItemPath, to: number): T | null {
  const from =
    path.kind === "row"
      ? path.row
      : path.kind === "block"
        ? path.block
        : path.kind === "widget"
          ? path.widget
          : path.index;
  if (to === from) return null;
  let current: T | null = doc;
  let at: ItemPath = path;
  const by = to > from ? 1 : -1;
  for (let i = from; i !== to && current; i += by) {
    current = moveItem(current, at, by);
    at = withIndex(at, i + by);
  }
  return current;
}

const withIndex = (path: ItemPath, i: number): ItemPath =>
  path.kind === "row"
    ? { ...path, row: i }
    : path.kind === "block"
      ? { ...path, block: i }
      : path.kind === "widget"
        ? { ...path, widget: i }
        : { ...path, index: i };
