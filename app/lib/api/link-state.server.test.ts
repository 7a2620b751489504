import { describe, expect, it } from "vitest";
import { z } from "zod";

import type { Upstream } from "~/lib/context";
import { UpstreamTiming } from "~/shared/upstream-timing.server";

import { CircuitBreaker } from "./circuit-breaker.server";
import { upstreamUnreachable } from "./link-state.server";
import { orSeed } from "./seed-fallback.server";
import { createTransport } from "./transport.server";

const schema = z.object({ name: z.string() });
const quiet = { warn: () => {}, log: () => {} };

/** An upstream that answers while `up.value` is true and refuses connections otherwise. */
function switchableUpstream() {
  const up = { value: true };
  const upstream: Upstream = {
    fetch: async () => {
      if (!up.value) throw new TypeError("fetch failed");
      return new Response(JSON.stringify({ name: "Dovetail" }), { headers: { "content-type": "application/json" } });
    },
    baseUrl: "http://cms.test",
    publicUrl: "",
    timeoutMs: 500,
  };
  return { up, upstream };
}

/** One request: its own timing, the process's breaker; loads the settings or their seeded copy. */
async function request(upstream: Upstream, breaker: CircuitBreaker) {
  const context = { upstreamTiming: new UpstreamTiming(), upstreamBreaker: breaker };
  const transport = createTransport(upstream, null, { timing: context.upstreamTiming, breaker });
  const settings = await orSeed(
    () => transport.get("/api/v1/cognito/domain/currentDomain", schema),
    () => ({ name: "seeded" }),
  );
  return { settings, unreachable: upstreamUnreachable(context) };
}

describe("upstreamUnreachable", () => {
  it("is false for a request whose calls were answered", async () => {
    const { upstream } = switchableUpstream();
    const breaker = new CircuitBreaker({ probe: async () => {}, log: quiet });
    expect(await request(upstream, breaker)).toEqual({ settings: { name: "Dovetail" }, unreachable: false });
    breaker.dispose();
  });

  it("is true while the CMS cannot be reached and the seeded copy serves, and clears on the next answer", async () => {
    const { up, upstream } = switchableUpstream();
    // The breaker's probe asks the upstream every 20 ms while it is open.
    const breaker = new CircuitBreaker({
      probe: () => upstream.fetch(new Request("http://cms.test/")),
      intervalMs: 20,
      log: quiet,
    });
    up.value = false;
    expect(await request(upstream, breaker)).toEqual({ settings: { name: "seeded" }, unreachable: true });
    // The breaker is open now: the next request fails at once, still with the notice.
    expect(breaker.open).toBe(true);
    expect(await request(upstream, breaker)).toEqual({ settings: { name: "seeded" }, unreachable: true });

    // The CMS answers again and the probe closes the breaker: the next request has no notice.
    up.value = true;
    await expect.poll(() => breaker.open).toBe(false);
    expect(await request(upstream, breaker)).toEqual({ settings: { name: "Dovetail" }, unreachable: false });
  });

  it("is not set by an error answer: the CMS answered", async () => {
    const upstream: Upstream = {
      fetch: async () => new Response(JSON.stringify({ message: "Boom" }), { status: 500 }),
      baseUrl: "http://cms.test",
      publicUrl: "",
      timeoutMs: 500,
    };
    const breaker = new CircuitBreaker({ probe: async () => {}, log: quiet });
    const { settings, unreachable } = await request(upstream, breaker);
    expect(settings).toEqual({ name: "seeded" });
    expect(unreachable).toBe(false);
  });

  it("counts each call without an answer on the request's timing", async () => {
    const timing = new UpstreamTiming();
    const transport = createTransport(
      {
        fetch: () => Promise.reject(new TypeError("fetch failed")),
        baseUrl: "http://cms.test",
        publicUrl: "",
        timeoutMs: 500,
      },
      null,
      { timing },
    );
    await transport.get("/a", schema).catch(() => null);
    await transport.get("/b", schema).catch(() => null);
    expect(timing.noAnswers).toBe(2);
    expect(upstreamUnreachable({ upstreamTiming: timing })).toBe(true);
  });
});
