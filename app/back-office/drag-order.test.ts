import { describe, expect, it } from "vitest";

import { siblingPlace } from "./drag-order";

describe("siblingPlace", () => {
  it("names an item's parent and its place, so only siblings swap places", () => {
    expect(siblingPlace("r0.b1.w2")).toEqual({ parent: "r0.b1.w", index: 2 });
    expect(siblingPlace("r0.b1.w0")?.parent).toBe(siblingPlace("r0.b1.w5")?.parent);
    expect(siblingPlace("r0.b1.w0")?.parent).not.toBe(siblingPlace("r0.b2.w0")?.parent);
    expect(siblingPlace("r3")).toEqual({ parent: "r", index: 3 });
    expect(siblingPlace("p4")).toEqual({ parent: "p", index: 4 });
    expect(siblingPlace("")).toBeNull();
  });
});
