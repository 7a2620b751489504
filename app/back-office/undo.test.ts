import { describe, expect, it } from "vitest";

import { nextHistory } from "./undo";

const start = { docs: ["a"], at: 0, pending: false, seen: "a" };

describe("the editor's undo history", () => {
  it("adds each new document as a step, dropping what was undone", () => {
    const two = nextHistory(nextHistory(start, "b"), "c");
    expect(two).toMatchObject({ docs: ["a", "b", "c"], at: 2 });
    const undone = { ...two, at: 1, pending: true };
    const arrived = nextHistory(undone, "b2");
    expect(arrived).toMatchObject({ docs: ["a", "b2", "c"], at: 1, pending: false });
    expect(nextHistory(arrived, "d")).toMatchObject({ docs: ["a", "b2", "d"], at: 2 });
  });
  it("keeps the same history for the same document", () => {
    expect(nextHistory(start, "a")).toBe(start);
  });
});
