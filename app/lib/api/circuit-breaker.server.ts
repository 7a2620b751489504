import type { Upstream } from "~/lib/context";

import { CIRCUIT_OPEN, isUpstreamError, NETWORK_ERROR, UpstreamError } from "./errors";

/** How long calls fail at once after the upstream stopped answering, before the next probe. */
export const BREAKER_INTERVAL_MS = 30_000;

export interface CircuitBreakerOptions {
  /** Checks the upstream in the background; resolves when it answered, rejects when it did not. */
  probe: () => Promise<unknown>;
  /** Time between probes while open (default 30 s). */
  intervalMs?: number;
  log?: Pick<Console, "warn" | "log">;
}

/** No answer at all (a timeout, a refused or broken connection): the outages the breaker counts. */
export function isOutage(error: unknown) {
  return isUpstreamError(error) && error.status === -1 && error.code !== CIRCUIT_OPEN;
}

/**
 * A circuit breaker in front of the upstream, one per process (server.ts makes it; it travels on
 * the load context, decision 021). After a call gets no answer, every call fails at once with an
 * UpstreamError of status -1, so loaders serve the stale cached or seeded copy immediately
 * instead of each waiting for its own timeout; a probe checks the upstream in the background
 * once per interval, and its first success (or any call's) closes the breaker again. Answers
 * with an error status (4xx, 5xx) are answers: they do not open it.
 */
export class CircuitBreaker {
  private openSince: number | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private readonly intervalMs: number;
  private readonly log: Pick<Console, "warn" | "log">;

  constructor(private readonly options: CircuitBreakerOptions) {
    this.intervalMs = options.intervalMs ?? BREAKER_INTERVAL_MS;
    this.log = options.log ?? console;
  }

  /** True while calls fail at once. */
  get open() {
    return this.openSince !== null;
  }

  /**
   * Runs `call` unless the breaker is open, in which case it throws at once, without calling, an
   * UpstreamError of status -1 (code CIRCUIT_OPEN) for `path`. An outage (see `isOutage`) opens
   * the breaker; any answer closes it.
   */
  async run<T>(path: string, call: () => Promise<T>): Promise<T> {
    if (this.openSince !== null) {
      const message = `${NETWORK_ERROR} (no answer lately; the upstream is probed in the background)`;
      throw new UpstreamError(message, -1, path, CIRCUIT_OPEN);
    }
    try {
      const value = await call();
      this.close();
      return value;
    } catch (error) {
      if (isOutage(error)) this.trip((error as Error).message);
      else if (isUpstreamError(error)) this.close();
      throw error;
    }
  }

  /** Stops the background probe (tests; a stopping server). */
  dispose() {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
  }

  private trip(reason: string) {
    if (this.openSince !== null) return;
    this.openSince = Date.now();
    this.log.warn(
      `[upstream] no answer (${reason}): calls fail at once, serving cached or seeded copies; probing every ${this.intervalMs / 1000} s`,
    );
    this.scheduleProbe();
  }

  private close() {
    if (this.openSince === null) return;
    const seconds = Math.round((Date.now() - this.openSince) / 1000);
    this.openSince = null;
    this.dispose();
    this.log.log(`[upstream] answering again after ${seconds} s; the breaker is closed`);
  }

  private scheduleProbe() {
    this.timer = setTimeout(() => {
      this.timer = null;
      this.options.probe().then(
        () => this.close(),
        () => {
          if (this.openSince !== null) this.scheduleProbe();
        },
      );
    }, this.intervalMs);
    // A waiting probe never keeps the process alive.
    this.timer.unref?.();
  }
}

/**
 * The breaker for an upstream: its probe asks for the site settings (what every page needs) and
 * succeeds on any whole answer, within `probeTimeoutMs`.
 */
export function createUpstreamBreaker(
  upstream: Upstream,
  { probeTimeoutMs, ...options }: Omit<CircuitBreakerOptions, "probe"> & { probeTimeoutMs: number },
) {
  const base = upstream.baseUrl.endsWith("/") ? upstream.baseUrl : `${upstream.baseUrl}/`;
  const url = new URL("api/v1/cognito/domain/currentDomain", base);
  const probe = async () => {
    const signal = AbortSignal.timeout(probeTimeoutMs);
    const timedOut = new Promise<never>((_, reject) => {
      signal.addEventListener("abort", () => reject(signal.reason), { once: true });
    });
    const answer = async () => (await upstream.fetch(new Request(url, { signal }))).text();
    await Promise.race([answer(), timedOut]);
  };
  return new CircuitBreaker({ ...options, probe });
}
