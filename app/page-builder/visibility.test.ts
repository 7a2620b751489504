import { describe, expect, it } from "vitest";

import { pageSchema } from "@contract/pages";

import {
  isBlockVisible,
  isFrameVisible,
  isWidgetVisible,
  msUntilNextVisibilityChange,
  msUntilPageChange,
  pageSchedules,
} from "./visibility";

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

describe("wrapper settings (isFrameVisible)", () => {
  const now = at("2026-06-01T12:00:00Z");
  it("hides on a visibility flag of 0, however it is written, and shows otherwise", () => {
    for (const off of [0, "0", false, "false"]) expect(isFrameVisible({ visibility: off }, now)).toBe(false);
    for (const on of [1, "1", true, undefined, null, "yes"]) expect(isFrameVisible({ visibility: on }, now)).toBe(true);
  });
  it("hides while hidden_before is in the future, shows from that moment", () => {
    const s = { hidden_before: "2026-06-01T12:00:00Z" };
    expect(isFrameVisible(s, now - 1)).toBe(false);
    expect(isFrameVisible(s, now)).toBe(true);
  });
  it("hides once hidden_after has passed", () => {
    const s = { hidden_after: "2026-06-01T12:00:00Z" };
    expect(isFrameVisible(s, now - 1)).toBe(true);
    expect(isFrameVisible(s, now)).toBe(false);
  });
  it("ignores unparseable dates", () => {
    expect(isFrameVisible({ hidden_before: "next week", hidden_after: 42 }, now)).toBe(true);
  });
  it("applies to page blocks as well as their own start and end times", () => {
    expect(isBlockVisible({ ...block(), visibility: 0 }, now)).toBe(false);
    expect(isBlockVisible({ ...block(), hidden_after: "2026-06-01T11:00:00Z" }, now)).toBe(false);
  });
  it("applies to a row's widget through its wrapper, and never to a deleted one", () => {
    expect(isWidgetVisible({ deleted: false, wrapper: undefined }, now)).toBe(true);
    expect(isWidgetVisible({ deleted: false, wrapper: { visibility: "0" } }, now)).toBe(false);
    expect(isWidgetVisible({ deleted: true, wrapper: {} }, now)).toBe(false);
  });
});

describe("msUntilNextVisibilityChange with wrapper dates", () => {
  it("counts hidden_before and hidden_after of blocks and of row widgets' wrappers", () => {
    const now = at("2026-06-01T00:00:00Z");
    const page = pageSchema.parse({
      id: 1,
      name: "p",
      slug: "p",
      url: "p",
      updated_at: "2026-01-01T00:00:00Z",
      rows: [
        {
          blocks: [
            { id: "b", widgets: [{ id: "w", type: "core/html", wrapper: { hidden_after: "2026-06-01T00:10:00Z" } }] },
          ],
        },
      ],
      pageContents: [{ id: 1, template: "core/html", hidden_before: "2026-06-01T00:20:00Z" }],
    });
    expect(msUntilNextVisibilityChange(pageSchedules(page), now)).toBe(10 * 60 * 1000);
    expect(msUntilNextVisibilityChange(pageSchedules(page), at("2026-06-01T00:15:00Z"))).toBe(5 * 60 * 1000);
    expect(msUntilNextVisibilityChange(pageSchedules(page), at("2026-06-01T00:30:00Z"))).toBeNull();
  });
});

describe("msUntilPageChange", () => {
  const now = at("2026-06-01T00:00:00Z");
  const page = (over: Record<string, unknown>) =>
    pageSchema.parse({ id: 1, name: "p", slug: "p", url: "p", updated_at: "2026-01-01T00:00:00Z", ...over });
  const ending = [{ id: 1, template: "core/html", end_time: "2026-06-01T00:20:00Z" }];

  it("takes the upstream's next_change_at, for a block the CMS left out because it starts later", () => {
    expect(msUntilPageChange(page({ next_change_at: "2026-06-01T00:10:00Z" }), now)).toBe(10 * 60 * 1000);
    expect(msUntilPageChange(page({ next_change_at: null }), now)).toBeNull();
    expect(msUntilPageChange(page({}), now)).toBeNull();
  });

  it("takes whichever comes first, the page's own schedules or the upstream's time", () => {
    expect(msUntilPageChange(page({ pageContents: ending, next_change_at: "2026-06-01T00:10:00Z" }), now)).toBe(
      10 * 60 * 1000,
    );
    expect(msUntilPageChange(page({ pageContents: ending, next_change_at: "2026-06-01T00:30:00Z" }), now)).toBe(
      20 * 60 * 1000,
    );
    expect(msUntilPageChange(page({ pageContents: ending }), now)).toBe(20 * 60 * 1000);
  });

  it("ignores an upstream time that has passed (an old copy): it is not a reason to ask every second", () => {
    expect(msUntilPageChange(page({ next_change_at: "2026-05-31T23:59:00Z" }), now)).toBeNull();
    expect(msUntilPageChange(page({ next_change_at: "soon" }), now)).toBeNull();
  });
});
