import { afterEach, describe, expect, it, vi } from "vitest";

import { CircuitBreaker, createUpstreamBreaker } from "./circuit-breaker.server";
import { CIRCUIT_OPEN, isUpstreamError, UpstreamError } from "./errors";

const quiet = { warn: () => {}, log: () => {} };
const noAnswer = (path = "/x") => new UpstreamError("Network Error", -1, path);

async function failure(promise: Promise<unknown>): Promise<UpstreamError> {
  try {
    await promise;
  } catch (error) {
    if (isUpstreamError(error)) return error;
    throw error;
  }
  throw new Error("expected the call to fail");
}

const breakers: CircuitBreaker[] = [];
function breaker(probe: () => Promise<unknown>, intervalMs = 40) {
  const b = new CircuitBreaker({ probe, intervalMs, log: quiet });
  breakers.push(b);
  return b;
}

afterEach(() => {
  for (const b of breakers.splice(0)) b.dispose();
});

describe("CircuitBreaker", () => {
  it("passes calls through while the upstream answers, errors included", async () => {
    const b = breaker(async () => {});
    expect(await b.run("/a", async () => "ok")).toBe("ok");
    // A 404 or a 500 is an answer: the upstream is there.
    await failure(b.run("/a", () => Promise.reject(new UpstreamError("Not found", 404, "/a"))));
    await failure(b.run("/a", () => Promise.reject(new UpstreamError("Boom", 500, "/a"))));
    expect(b.open).toBe(false);
  });

  it("after a call gets no answer, fails the next calls at once with status -1, without calling", async () => {
    const b = breaker(() => Promise.reject(new Error("still down")), 60_000);
    const first = await failure(b.run("/settings", () => Promise.reject(noAnswer("/settings"))));
    expect(first.code).toBeUndefined();
    expect(b.open).toBe(true);

    const call = vi.fn(async () => "never");
    const started = performance.now();
    const refused = await failure(b.run("/page/about", call));
    expect(performance.now() - started).toBeLessThan(20);
    expect(call).not.toHaveBeenCalled();
    expect(refused.status).toBe(-1);
    expect(refused.unavailable).toBe(true);
    expect(refused.code).toBe(CIRCUIT_OPEN);
    expect(refused.path).toBe("/page/about");
  });

  it("probes once per interval in the background, and closes on the first answer", async () => {
    let up = false;
    const probe = vi.fn(async () => {
      if (!up) throw new Error("no answer");
    });
    const b = breaker(probe, 40);
    await failure(b.run("/x", () => Promise.reject(noAnswer())));
    expect(probe).not.toHaveBeenCalled();

    await vi.waitFor(() => expect(probe).toHaveBeenCalledTimes(2), { timeout: 2_000, interval: 5 });
    expect(b.open).toBe(true);
    up = true;
    await vi.waitFor(() => expect(b.open).toBe(false), { timeout: 2_000, interval: 5 });
    const probes = probe.mock.calls.length;
    expect(await b.run("/x", async () => "back")).toBe("back");

    // Closed, it probes no more.
    await new Promise((r) => setTimeout(r, 120));
    expect(probe).toHaveBeenCalledTimes(probes);
  });

  it("closes when a call started before it opened gets its answer after all", async () => {
    const b = breaker(() => Promise.reject(new Error("down")), 60_000);
    let answer!: (value: string) => void;
    const slow = b.run("/slow", () => new Promise<string>((resolve) => (answer = resolve)));
    await failure(b.run("/x", () => Promise.reject(noAnswer())));
    expect(b.open).toBe(true);
    answer("late but here");
    expect(await slow).toBe("late but here");
    expect(b.open).toBe(false);
  });
});

describe("createUpstreamBreaker", () => {
  it("probes the site settings and counts only a whole answer within the probe timeout", async () => {
    const asked: string[] = [];
    let hang = true;
    const upstream = {
      fetch: async (request: Request) => {
        asked.push(new URL(request.url).pathname);
        if (hang) return new Promise<Response>(() => {});
        return new Response(JSON.stringify({ data: {} }), { status: 200 });
      },
      baseUrl: "http://cms.test/base",
      publicUrl: "",
      timeoutMs: 50_000,
    };
    const b = createUpstreamBreaker(upstream, { probeTimeoutMs: 30, intervalMs: 20, log: quiet });
    breakers.push(b);
    await failure(b.run("/x", () => Promise.reject(noAnswer())));
    // A hanging probe times out and another follows an interval later.
    await vi.waitFor(() => expect(asked.length).toBeGreaterThanOrEqual(2), { timeout: 2_000, interval: 5 });
    expect(b.open).toBe(true);
    expect(asked[0]).toBe("/base/api/v1/cognito/domain/currentDomain");
    hang = false;
    await vi.waitFor(() => expect(b.open).toBe(false), { timeout: 2_000, interval: 5 });
  });
});
