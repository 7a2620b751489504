import { describe, expect, it } from "vitest";

import { blockSchema, pageBlockSchema, rowSchema } from "@contract/pages";

import { diffDocs } from "./revision-diff";

const docOf = (widgets: Record<string, unknown>[], pageBlocks: Record<string, unknown>[] = []) => ({
  rows: [rowSchema.parse({ blocks: [blockSchema.parse({ id: "b", widgets })] })],
  pageContents: pageBlocks.map((pb) => pageBlockSchema.parse(pb)),
});

describe("diffDocs", () => {
  it("lists widgets added, removed and changed, with the changed fields' text", () => {
    const before = docOf([
      { id: "1", type: "core/heading", fields: { text: "Old title", level: "h2" } },
      { id: "2", type: "core/html", fields: { html: "<p>gone</p>" } },
    ]);
    const after = docOf([
      { id: "1", type: "core/heading", fields: { text: "New title", level: "h2" } },
      { id: "3", type: "core/html", fields: { html: "<p>new</p>" } },
    ]);
    expect(diffDocs(before, after)).toEqual([
      {
        id: "1",
        type: "core/heading",
        change: "changed",
        fields: [{ field: "text", before: "Old title", after: "New title" }],
      },
      { id: "3", type: "core/html", change: "added", fields: [{ field: "html", before: "", after: "<p>new</p>" }] },
      { id: "2", type: "core/html", change: "removed", fields: [{ field: "html", before: "<p>gone</p>", after: "" }] },
    ]);
  });

  it("sees a page block's schedule and a widget's wrapper change", () => {
    const before = docOf(
      [{ id: "1", type: "core/heading", fields: { text: "T" } }],
      [{ id: 5, template: "core/html", variables: { html: "x" } }],
    );
    const after = docOf(
      [{ id: "1", type: "core/heading", fields: { text: "T" }, wrapper: { visibility: false } }],
      [{ id: 5, template: "core/html", variables: { html: "x" }, start_time: "2030-01-01 09:00" }],
    );
    expect(diffDocs(before, after)).toEqual([
      {
        id: "1",
        type: "core/heading",
        change: "changed",
        fields: [{ field: "(visibility)", before: "", after: "false" }],
      },
      {
        id: "5",
        type: "core/html",
        change: "changed",
        fields: [{ field: "(start_time)", before: "", after: "2030-01-01 09:00" }],
      },
    ]);
  });

  it("finds nothing between a document and itself, or when only the order moved", () => {
    const a = docOf([
      { id: "1", type: "core/heading", fields: { text: "A" } },
      { id: "2", type: "core/heading", fields: { text: "B" } },
    ]);
    const b = docOf([
      { id: "2", type: "core/heading", fields: { text: "B" } },
      { id: "1", type: "core/heading", fields: { text: "A" } },
    ]);
    expect(diffDocs(a, a)).toEqual([]);
    expect(diffDocs(a, b)).toEqual([]);
  });
});
