import type http from "node:http";

import { DEFAULT_FINISH_MS, type Drainable, drainable } from "./drain.server";

export interface StopOptions {
  /** How long the server keeps accepting after the signal (SHUTDOWN_DRAIN_MS). */
  drainMs: number;
  /** Told at the first signal: what stops at once (the image warm-up). */
  onSignal: () => void;
  /** Once the drain has ended: the background work, the last mail, the database, in that order. */
  close: () => Promise<void>;
  log?: Pick<Console, "log" | "error">;
  exit?: (code: number) => void;
}

/**
 * Stopping without losing a request (decision 120): on SIGTERM or SIGINT /healthz answers 503 at
 * once (the returned drain is `draining()`), the server keeps accepting for `drainMs` (a balancer
 * takes that long to notice), every answer closes its connection, and what was accepted is
 * answered; then `close` runs and the process exits, 0 when every request was answered in time.
 * Whatever hangs (a mail server, the database), the process ends. Call before the server serves.
 */
export function stopOnSignals(server: http.Server, options: StopOptions): Drainable {
  const { log = console, exit = (code: number) => process.exit(code) } = options;
  const drain = drainable(server, { drainMs: options.drainMs });
  let signalledAt = 0;
  const shutdown = (signal: string) => {
    if (signalledAt) {
      // The terminal, npm and scripts/start.mjs may each pass the same signal on within moments:
      // only one sent again later means "stop sooner" (the listener closes; open requests still finish).
      if (Date.now() - signalledAt >= 1_000) {
        log.log(`[site] ${signal} again: no longer accepting; finishing open requests`);
        drain.hurry();
      }
      return;
    }
    signalledAt = Date.now();
    options.onSignal();
    log.log(
      `[site] ${signal}: /healthz answers 503; accepting for ${options.drainMs / 1000} s more, then stopping once open requests are answered`,
    );
    const force = setTimeout(
      () => {
        log.error("[site] still not stopped: exiting");
        exit(1);
      },
      options.drainMs + DEFAULT_FINISH_MS + 10_000,
    );
    force.unref();
    void drain.drain().then(async (inTime) => {
      if (!inTime) log.error(`[site] requests still open ${DEFAULT_FINISH_MS / 1000} s after the drain were cut off`);
      try {
        await options.close();
      } catch (error) {
        log.error("[site] stopping:", (error as Error).message);
        exit(1);
        return;
      }
      exit(inTime ? 0 : 1);
    });
  };
  process.on("SIGTERM", () => shutdown("SIGTERM"));
  process.on("SIGINT", () => shutdown("SIGINT"));
  return drain;
}
