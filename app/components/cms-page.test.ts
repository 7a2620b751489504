import { describe, expect, it } from "vitest";

import { onlyTabChanged } from "./cms-page";

const u = (path: string) => new URL(path, "https://dovetail.example");

describe("onlyTabChanged (skips reloading the page when only ?tab= changes)", () => {
  it("is true when only the tab differs", () => {
    expect(onlyTabChanged(u("/about"), u("/about?tab=Our+timber"))).toBe(true);
    expect(onlyTabChanged(u("/about?tab=A&x=1"), u("/about?x=1&tab=B"))).toBe(true);
  });
  it("is false for another page or another query", () => {
    expect(onlyTabChanged(u("/about"), u("/delivery?tab=A"))).toBe(false);
    expect(onlyTabChanged(u("/about?tab=A"), u("/about?tab=A&lng=de"))).toBe(false);
  });
  it("is false for the same URL again: a revalidation, as at a scheduled block change, must reload", () => {
    expect(onlyTabChanged(u("/showcase"), u("/showcase"))).toBe(false);
    expect(onlyTabChanged(u("/about?tab=A"), u("/about?tab=A"))).toBe(false);
  });
});
