/** The transport under a request's deadline and the process's circuit breaker. */
import { afterEach, describe, expect, it, vi } from "vitest";
import { z } from "zod";

import { CircuitBreaker } from "./circuit-breaker.server";
import { CIRCUIT_OPEN, isUpstreamError, type UpstreamError } from "./errors";
import { createTransport } from "./transport.server";

const okSchema = z.object({ ok: z.boolean() });
const quiet = { warn: () => {}, log: () => {} };

/** An upstream that never answers, and counts the requests it was sent. */
function hanging() {
  const requests: string[] = [];
  const fetch = (request: Request) => {
    requests.push(new URL(request.url).pathname);
    return new Promise<Response>(() => {});
  };
  // The per-call timeout is the spec's 50 s: only the deadline can end these calls soon.
  return { requests, upstream: { fetch, baseUrl: "http://cms.test", publicUrl: "", timeoutMs: 50_000 } };
}

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
function breaker() {
  const b = new CircuitBreaker({ probe: () => Promise.reject(new Error("down")), intervalMs: 60_000, log: quiet });
  breakers.push(b);
  return b;
}

afterEach(() => {
  for (const b of breakers.splice(0)) b.dispose();
  vi.restoreAllMocks();
});

describe("the request's deadline", () => {
  it("ends every call still waiting when the request has waited long enough, with status -1", async () => {
    const { upstream } = hanging();
    const t = createTransport(upstream, null, { deadline: AbortSignal.timeout(100) });
    const started = performance.now();
    const errors = await Promise.all([failure(t.get("/a", okSchema)), failure(t.get("/b", okSchema))]);
    expect(performance.now() - started).toBeLessThan(1_000);
    for (const error of errors) {
      expect(error.status).toBe(-1);
      expect(error.message).toBe("the request's deadline passed");
    }
  });

  it("asks nothing more of the upstream once the deadline has passed", async () => {
    const { upstream, requests } = hanging();
    const deadline = AbortSignal.timeout(50);
    const b = breaker();
    const t = createTransport(upstream, null, { deadline, breaker: b });
    await failure(t.get("/first", okSchema));
    b.dispose();
    const late = createTransport(upstream, null, { deadline });
    const error = await failure(late.get("/second", okSchema));
    expect(error.status).toBe(-1);
    expect(requests).toEqual(["/first"]);
  });

  it("does not open the breaker for a call that was never sent", async () => {
    const { upstream } = hanging();
    const b = breaker();
    const deadline = AbortSignal.abort(new DOMException("deadline", "TimeoutError"));
    await failure(createTransport(upstream, null, { deadline, breaker: b }).get("/late", okSchema));
    expect(b.open).toBe(false);
  });
});

describe("the circuit breaker in the transport", () => {
  it("opens when a call times out, then fails calls at once without sending them", async () => {
    const { upstream, requests } = hanging();
    const b = breaker();
    const first = createTransport(upstream, null, { breaker: b, deadline: AbortSignal.timeout(100) });
    await failure(first.get("/api/v1/cognito/domain/currentDomain", okSchema));
    expect(b.open).toBe(true);

    // The next request: a fresh deadline, a signed-in visitor, a write; none waits or is sent.
    const next = createTransport(upstream, "token", { breaker: b, deadline: AbortSignal.timeout(8_000) });
    const started = performance.now();
    const errors = await Promise.all([
      failure(next.get("/api/v1/cognito/page/about", okSchema)),
      failure(next.post("/api/v1/cognito/form/1", okSchema, { name: "x" })),
    ]);
    expect(performance.now() - started).toBeLessThan(50);
    expect(errors.map((e) => [e.status, e.code])).toEqual([
      [-1, CIRCUIT_OPEN],
      [-1, CIRCUIT_OPEN],
    ]);
    expect(requests).toEqual(["/api/v1/cognito/domain/currentDomain"]);
  });

  it("stays closed when the upstream answers with an error", async () => {
    const b = breaker();
    const upstream = {
      fetch: async () => new Response(JSON.stringify({ message: "Broken" }), { status: 500 }),
      baseUrl: "http://cms.test",
      publicUrl: "",
      timeoutMs: 1_000,
    };
    const error = await failure(createTransport(upstream, null, { breaker: b }).get("/x", okSchema));
    expect(error.status).toBe(500);
    expect(b.open).toBe(false);
  });
});
