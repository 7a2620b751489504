import { describe, expect, it } from "vitest";
import { isBlockVisible, msUntilNextVisibilityChange } from "./visibility";

const at = (iso: string) => Date.parse(iso);
const block = (over: Partial<Parameters<typeof isBlockVisible>[0]> = {}) => ({
  hidden: false,
  deleted: false,
  start_time: null,
  end_time: null,
  ...over,
});

describe("isBlockVisible", () => {
  it("shows a plain block and hides hidden or deleted ones", () => {
    const now = at("2026-06-01T00:00:00Z");
    expect(isBlockVisible(block(), now)).toBe(true);
    expect(isBlockVisible(block({ hidden: true }), now)).toBe(false);
    expect(isBlockVisible(block({ deleted: true }), now)).toBe(false);
  });

  it("shows a block from its start_time, not a millisecond before", () => {
    const b = block({ start_time: "2026-06-01T10:00:00Z" });
    expect(isBlockVisible(b, at("2026-06-01T09:59:59.999Z"))).toBe(false);
    expect(isBlockVisible(b, at("2026-06-01T10:00:00Z"))).toBe(true);
  });

  it("hides a block once its end_time has passed", () => {
    const b = block({ end_time: "2026-06-01T10:00:00Z" });
    expect(isBlockVisible(b, at("2026-06-01T09:59:59.999Z"))).toBe(true);
    expect(isBlockVisible(b, at("2026-06-01T10:00:00Z"))).toBe(false);
  });

  it("shows an editing block whatever its flags", () => {
    expect(isBlockVisible(block({ hidden: true, end_time: "2000-01-01T00:00:00Z" }), Date.now(), true)).toBe(true);
  });

  it("ignores unparseable times", () => {
    expect(isBlockVisible(block({ start_time: "soon" }), Date.now())).toBe(true);
  });
});

describe("msUntilNextVisibilityChange", () => {
  it("finds the nearest future start or end among visible blocks", () => {
    const now = at("2026-06-01T00:00:00Z");
    const blocks = [
      block({ end_time: "2026-06-03T00:00:00Z" }),
      block({ start_time: "2026-06-02T00:00:00Z" }),
      block({ hidden: true, start_time: "2026-06-01T01:00:00Z" }),
      block({ end_time: "2026-05-01T00:00:00Z" }),
    ];
    expect(msUntilNextVisibilityChange(blocks, now)).toBe(24 * 3600 * 1000);
    expect(msUntilNextVisibilityChange([block()], now)).toBeNull();
  });
});
