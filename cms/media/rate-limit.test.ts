import { describe, expect, it } from "vitest";

import { EncodeRateLimit } from "./rate-limit";

describe("EncodeRateLimit", () => {
  it("lets a client cause `burst` encodes, then one per token given back, with the wait in seconds", () => {
    const limit = new EncodeRateLimit({ burst: 3, perSecond: 0.5 });
    const t0 = 1_000_000;
    expect([limit.take("a", t0), limit.take("a", t0), limit.take("a", t0)]).toEqual([null, null, null]);
    // Empty: a token comes back in 2 s.
    expect(limit.take("a", t0)).toBe(2);
    expect(limit.take("a", t0 + 1000)).toBe(1);
    expect(limit.take("a", t0 + 2000)).toBeNull();
    expect(limit.take("a", t0 + 2000)).toBe(2);
    // Never more than the burst, however long the client stayed away.
    const later = t0 + 3_600_000;
    expect([limit.take("a", later), limit.take("a", later), limit.take("a", later)]).toEqual([null, null, null]);
    expect(limit.take("a", later)).toBe(2);
  });

  it("counts each client apart", () => {
    const limit = new EncodeRateLimit({ burst: 1, perSecond: 1 });
    expect(limit.take("203.0.113.1", 0)).toBeNull();
    expect(limit.take("203.0.113.1", 0)).toBe(1);
    expect(limit.take("203.0.113.2", 0)).toBeNull();
  });

  it("remembers a bounded number of clients, forgetting the longest idle", () => {
    const limit = new EncodeRateLimit({ burst: 1, perSecond: 0.001, maxClients: 2 });
    limit.take("a", 0);
    limit.take("b", 1);
    limit.take("a", 2); // refused, and now the most recent
    limit.take("c", 3); // "b" is forgotten
    expect(limit.take("a", 4)).not.toBeNull();
    expect(limit.take("b", 5)).toBeNull();
  });
});
