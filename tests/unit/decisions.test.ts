import { readFileSync } from "node:fs";

import { describe, expect, it } from "vitest";

import {
  INDEX_END,
  INDEX_FILE,
  INDEX_START,
  indexRows,
  readIndex,
  readRecord,
  readRecords,
} from "../../scripts/decisions-index.mjs";

/**
 * The decision records (docs/decisions, decision 108): each has its Date and Status, and the
 * README's index lists every one with the record's title, status and date.
 */

const REWRITE = "the index is made from the records: run `node scripts/decisions-index.mjs` and commit README.md";

describe("decision records", () => {
  const records = readRecords();

  it("each starts with its number and title, a Date and a Status", () => {
    expect(records.length).toBeGreaterThan(80);
    const faulty = records.filter((r) => r.problems.length > 0).map((r) => `${r.file}: ${r.problems.join("; ")}`);
    expect(faulty).toEqual([]);
  });

  it("are all in the index, each with its title, status and date", () => {
    expect(readIndex(readFileSync(INDEX_FILE, "utf8")), REWRITE).toEqual(indexRows(records));
  });
});

describe("reading a record", () => {
  it("finds the Date and Status on lines of their own, or on one line as older records have them", () => {
    const now = readRecord("099-x.md", "# 099: A choice\n\nDate: 2026-11-28\nStatus: Accepted\n\n## Context\n");
    const older = readRecord("007-y.md", "# 007 Older\n\nDate: 2026-11-21 · Status: superseded by 015\n\n## Context\n");
    expect(now).toMatchObject({ number: "099", title: "A choice", date: "2026-11-28", status: "Accepted" });
    expect(older).toMatchObject({ number: "007", title: "Older", status: "Superseded by 015", problems: [] });
  });

  it("names what a record lacks or gets wrong", () => {
    const bare = readRecord("099-x.md", "# 099: A choice\n\n## Context\n\nStatus: Accepted, said in the body\n");
    expect(bare.problems).toEqual(["no `Date:` line", "no `Status:` line"]);
    const wrong = readRecord("100-x.md", "# 099: A choice\n\nDate: 28/11/2026\nStatus: Maybe\n\n## Context\n");
    expect(wrong.problems).toHaveLength(3);
  });

  it("reads the index's table back as the rows it was made from, a title with a pipe or a tag too", () => {
    const rows = indexRows([
      {
        number: "005",
        file: "005-x.md",
        title: "Native <details name> | links",
        status: "Accepted",
        date: "2026-11-21",
      },
    ]);
    const table = ["| Number | Title | Status | Date |", "| --- | --- | --- | --- |", `| ${rows[0].join(" | ")} |`];
    const readme = `${INDEX_START}\n\n${table.join("\n")}\n\n${INDEX_END}\n`;
    expect(readIndex(readme)).toEqual(rows);
    expect(readIndex("# Decisions\n")).toEqual([]);
  });
});
