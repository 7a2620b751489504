import { describe, expect, it } from "vitest";

import { UpstreamTiming } from "./upstream-timing.server";

describe("UpstreamTiming.header", () => {
  it("sums the upstream time to a tenth of a millisecond and counts calls, hits and misses", () => {
    const timing = new UpstreamTiming();
    timing.recordCall(4.04);
    timing.recordCall(8.33);
    timing.recordCall(0.05);
    for (const outcome of ["hit", "hit", "hit", "hit", "hit", "miss"] as const) timing.recordCache(outcome);
    expect(timing.header()).toBe('upstream;dur=12.4;desc="3 calls", cache;desc="5 hit, 1 miss"');
  });

  it("says so when nothing reached the upstream", () => {
    const timing = new UpstreamTiming();
    timing.recordCache("hit");
    expect(timing.header()).toBe('upstream;dur=0;desc="0 calls", cache;desc="1 hit, 0 miss"');
    timing.recordCall(1);
    expect(timing.header()).toContain('desc="1 call"');
  });
});

describe("UpstreamTiming.header with the rendered-page cache", () => {
  it("says hit, and nothing about the upstream, when a stored page was served", () => {
    const timing = new UpstreamTiming();
    timing.page = "hit";
    expect(timing.header()).toBe('page;desc="hit"');
  });

  it("says miss before the upstream's figures when the page was rendered", () => {
    const timing = new UpstreamTiming();
    timing.page = "miss";
    timing.recordCall(2);
    timing.recordCache("miss");
    expect(timing.header()).toBe('page;desc="miss", upstream;dur=2;desc="1 call", cache;desc="0 hit, 1 miss"');
  });
});
