import { describe, expect, it } from "vitest";

import { blockSchema, pageBlockSchema, rowSchema } from "@contract/pages";

import {
  addPageBlock,
  addWidget,
  blockById,
  cloneBlock,
  moveItem,
  moveItemTo,
  newWidget,
  type OutlineDoc,
  parsePath,
  pasteBlock,
  pathString,
  removeItem,
  setBlockGrid,
  setPageBlock,
  setWidget,
} from "./outline";

const widget = (id: string, type = "core/heading") => ({ id, type, fields: { text: id } });
const doc = (): OutlineDoc => ({
  rows: [
    rowSchema.parse({
      blocks: [
        blockSchema.parse({ id: "b1", width: 8, widgets: [widget("a"), widget("b"), widget("c")] }),
        blockSchema.parse({ id: "b2", width: 4, widgets: [widget("d")] }),
      ],
    }),
    rowSchema.parse({ blocks: [blockSchema.parse({ id: "b3", widgets: [] })] }),
  ],
  pageContents: [
    pageBlockSchema.parse({ id: 1, template: "core/heading", sort_order: 0 }),
    pageBlockSchema.parse({ id: 2, template: "core/html", sort_order: 1 }),
  ],
});
const ids = (d: OutlineDoc | null, row = 0, block = 0) => d?.rows[row]?.blocks[block]?.widgets.map((w) => w.id);

describe("item paths", () => {
  it("reads and writes rows, blocks, widgets and page blocks", () => {
    for (const p of ["r0", "r1.b2", "r0.b1.w3", "p4"]) expect(pathString(parsePath(p)!)).toBe(p);
  });
  it("refuses anything else", () => {
    for (const p of ["", "r", "b1", "r0.w1", "r0.b1.w", "p-1", "r0;drop", null, undefined]) {
      expect(parsePath(p), String(p)).toBeNull();
    }
  });
});

describe("moving", () => {
  it("moves a widget up and down within its block, renumbering sort", () => {
    const up = moveItem(doc(), parsePath("r0.b0.w1")!, -1);
    expect(ids(up)).toEqual(["b", "a", "c"]);
    expect(up?.rows[0]?.blocks[0]?.widgets.map((w) => w.sort)).toEqual([0, 1, 2]);
    expect(ids(moveItem(doc(), parsePath("r0.b0.w0")!, 1))).toEqual(["b", "a", "c"]);
  });
  it("cannot move the first up or the last down", () => {
    expect(moveItem(doc(), parsePath("r0.b0.w0")!, -1)).toBeNull();
    expect(moveItem(doc(), parsePath("r0.b0.w2")!, 1)).toBeNull();
    expect(moveItem(doc(), parsePath("r5")!, 1)).toBeNull();
  });
  it("moves blocks, rows and page blocks", () => {
    expect(moveItem(doc(), parsePath("r0.b1")!, -1)?.rows[0]?.blocks.map((b) => b.id)).toEqual(["b2", "b1"]);
    expect(moveItem(doc(), parsePath("r1")!, -1)?.rows[0]?.blocks[0]?.id).toBe("b3");
    const pbs = moveItem(doc(), parsePath("p1")!, -1)?.pageContents;
    expect(pbs?.map((pb) => [pb.id, pb.sort_order])).toEqual([
      ["2", 0],
      ["1", 1],
    ]);
  });
  it("leaves the document it was given as it was", () => {
    const before = doc();
    moveItem(before, parsePath("r0.b0.w1")!, -1);
    expect(ids(before)).toEqual(["a", "b", "c"]);
  });
});

describe("removing and adding", () => {
  it("removes a widget, a block, a row or a page block", () => {
    expect(ids(removeItem(doc(), parsePath("r0.b0.w1")!))).toEqual(["a", "c"]);
    expect(removeItem(doc(), parsePath("r0.b0")!)?.rows[0]?.blocks.map((b) => b.id)).toEqual(["b2"]);
    expect(removeItem(doc(), parsePath("r0")!)?.rows).toHaveLength(1);
    expect(removeItem(doc(), parsePath("p0")!)?.pageContents.map((pb) => pb.id)).toEqual(["2"]);
    expect(removeItem(doc(), parsePath("r0.b0.w9")!)).toBeNull();
  });
  it("adds a widget at the end of a block", () => {
    const added = addWidget(doc(), parsePath("r0.b1"), newWidget("n", "core/html"), "x");
    expect(ids(added, 0, 1)).toEqual(["d", "n"]);
    expect(added.rows).toHaveLength(2);
  });
  it("adds a new full-width row when no block is named", () => {
    const added = addWidget(doc(), null, newWidget("n", "core/html"), "blk");
    expect(added.rows).toHaveLength(3);
    expect(added.rows[2]?.blocks[0]).toMatchObject({ id: "blk", width: 12, offset: 0 });
    expect(ids(added, 2)).toEqual(["n"]);
  });
  it("adds a visible page block with no times at the end of the page blocks", () => {
    const before = doc();
    const added = addPageBlock(before, "core/heading", "pb", "Notice");
    expect(added.pageContents.map((pb) => pb.id)).toEqual(["1", "2", "pb"]);
    expect(added.pageContents[2]).toMatchObject({
      name: "Notice",
      template: "core/heading",
      sort_order: 2,
      hidden: false,
      start_time: null,
      end_time: null,
      variables: {},
    });
    expect(before.pageContents).toHaveLength(2);
  });
});

describe("changing an item", () => {
  it("sets a widget's fields and wrapper", () => {
    const changed = setWidget(doc(), parsePath("r0.b0.w2")!, {
      fields: { text: "New" },
      wrapper: { visibility: false },
    });
    expect(changed?.rows[0]?.blocks[0]?.widgets[2]).toMatchObject({
      id: "c",
      fields: { text: "New" },
      wrapper: { visibility: false },
    });
    expect(setWidget(doc(), parsePath("p0")!, { fields: {} })).toBeNull();
  });
  it("keeps a block on the 12-column grid", () => {
    expect(setBlockGrid(doc(), parsePath("r0.b0")!, 6, 3)?.rows[0]?.blocks[0]).toMatchObject({ width: 6, offset: 3 });
    expect(setBlockGrid(doc(), parsePath("r0.b0")!, 10, 3)).toBeNull();
    expect(setBlockGrid(doc(), parsePath("r0.b0")!, 0, 0)).toBeNull();
  });
  it("sets a page block's variables and schedule, keeping its id", () => {
    const changed = setPageBlock(doc(), parsePath("p1")!, {
      id: "99",
      variables: { html: "<p>x</p>" },
      start_time: "2030-01-01 09:00",
    });
    expect(changed?.pageContents[1]).toMatchObject({
      id: "2",
      variables: { html: "<p>x</p>" },
      start_time: "2030-01-01 09:00",
    });
  });
});

describe("copy and paste of a block", () => {
  it("clones a block with new ids for it and its widgets, and pastes it as a new row", () => {
    let n = 0;
    const source = blockById(doc(), "b1")!;
    const copy = cloneBlock(source, () => `new-${n++}`);
    expect(copy.id).toBe("new-0");
    expect(copy.widgets.map((w) => [w.id, w.fields.text])).toEqual([
      ["new-1", "a"],
      ["new-2", "b"],
      ["new-3", "c"],
    ]);
    expect(source.widgets[0]?.id).toBe("a");
    const pasted = pasteBlock(doc(), copy);
    expect(pasted.rows).toHaveLength(3);
    expect(pasted.rows[2]?.blocks[0]).toMatchObject({ id: "new-0", width: 8 });
    expect(blockById(doc(), "nope")).toBeNull();
  });
});

describe("moving to a place (drag and drop)", () => {
  it("moves a widget several places at once, either way", () => {
    expect(ids(moveItemTo(doc(), parsePath("r0.b0.w0")!, 2))).toEqual(["b", "c", "a"]);
    expect(ids(moveItemTo(doc(), parsePath("r0.b0.w2")!, 0))).toEqual(["c", "a", "b"]);
  });
  it("refuses a place that is not there, or the same place", () => {
    expect(moveItemTo(doc(), parsePath("r0.b0.w0")!, 3)).toBeNull();
    expect(moveItemTo(doc(), parsePath("r0.b0.w1")!, 1)).toBeNull();
  });
});
