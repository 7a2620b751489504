import type http from "node:http";
import net from "node:net";

/**
 * How the site's HTTP server stops without losing a request (decision 120). Node's own
 * `server.close()` stops listening at once, so the kernel resets connections it has accepted that
 * Node has not taken yet, and destroys every kept-alive connection it counts as idle, even one
 * whose next request is on the wire but not read yet: measured, 18 of 20 contact-form posts in
 * flight at a SIGTERM got ECONNRESET and were never stored. Here, once `drain()` is called:
 *
 * - `draining()` is true at once, so /healthz answers 503 and a balancer stops sending;
 * - the server keeps accepting for `drainMs`, since a balancer takes a while to notice;
 * - every answer from then on, and every one under way, goes out with `Connection: close`;
 * - a kept-alive connection that has had its answer and sends nothing more is closed after
 *   `idleGraceMs` (time for a request already sent to arrive); a connection that has not sent
 *   its first request yet is never closed for being idle;
 * - after `drainMs` the server stops listening, and `drain()` resolves once every connection has
 *   ended, or after `finishMs` more at most (a request still unanswered by then is cut off).
 */
export interface DrainOptions {
  /** How long the server keeps accepting after the signal (SHUTDOWN_DRAIN_MS). */
  drainMs: number;
  /** How long a kept-alive connection that has had its answer may stay idle once draining. */
  idleGraceMs?: number;
  /** How long, after the drain period, requests still open may take before `drain()` gives up on them. */
  finishMs?: number;
}

export const DEFAULT_IDLE_GRACE_MS = 1_000;
export const DEFAULT_FINISH_MS = 15_000;

export interface Drainable {
  /** True from the moment `drain()` is called. */
  draining(): boolean;
  /** Starts draining (once; later calls return the same promise). Resolves true when every connection ended in time. */
  drain(): Promise<boolean>;
  /** Ends the drain period at once (a second signal): stops listening; open requests are still answered. */
  hurry(): void;
}

interface ConnectionState {
  /** Requests received on it and not yet answered (or aborted). */
  open: number;
  /** Answers it has carried. */
  answered: number;
  /** When its last answer finished, while nothing else is open on it. */
  idleSince: number | null;
}

/** Makes `server` drainable; call before it serves anything. */
export function drainable(server: http.Server, options: DrainOptions): Drainable {
  const idleGraceMs = options.idleGraceMs ?? DEFAULT_IDLE_GRACE_MS;
  const finishMs = options.finishMs ?? DEFAULT_FINISH_MS;
  const connections = new Map<net.Socket, ConnectionState>();
  const unanswered = new Set<http.ServerResponse>();
  let draining = false;
  let drained: Promise<boolean> | null = null;
  let endDrainPeriod: () => void = () => {};

  server.on("connection", (socket: net.Socket) => {
    connections.set(socket, { open: 0, answered: 0, idleSince: null });
    socket.once("close", () => connections.delete(socket));
  });
  // Before the app's own listener, so an answer the app writes at once (/healthz) already closes.
  server.prependListener("request", (_req: http.IncomingMessage, res: http.ServerResponse) => {
    const state = connections.get(res.socket as net.Socket);
    if (state) {
      state.open += 1;
      state.idleSince = null;
    }
    unanswered.add(res);
    if (draining) res.shouldKeepAlive = false;
    res.once("finish", () => {
      if (state) state.answered += 1;
    });
    res.once("close", () => {
      unanswered.delete(res);
      if (!state) return;
      state.open -= 1;
      if (state.open === 0) state.idleSince = Date.now();
    });
  });

  /** Closes the kept-alive connections that have had their answer and stayed idle past the grace. */
  const sweep = () => {
    const now = Date.now();
    for (const [socket, state] of connections) {
      if (state.open === 0 && state.answered > 0 && state.idleSince !== null && now - state.idleSince >= idleGraceMs) {
        socket.destroy();
      }
    }
  };

  function drain() {
    if (drained) return drained;
    draining = true;
    // The answers under way whose headers have not gone out yet close their connection too.
    for (const res of unanswered) if (!res.headersSent) res.shouldKeepAlive = false;
    // Idle kept-alive connections from before the signal count their grace from now.
    const now = Date.now();
    for (const state of connections.values()) if (state.idleSince !== null) state.idleSince = now;
    const sweeper = setInterval(sweep, Math.max(50, Math.min(250, idleGraceMs / 4)));
    drained = new Promise<boolean>((resolve) => {
      const period = setTimeout(() => endDrainPeriod(), options.drainMs);
      endDrainPeriod = () => {
        endDrainPeriod = () => {};
        clearTimeout(period);
        let giveUp: ReturnType<typeof setTimeout> | undefined = undefined;
        const done = (inTime: boolean) => {
          clearInterval(sweeper);
          clearTimeout(giveUp);
          resolve(inTime);
        };
        giveUp = setTimeout(() => {
          for (const socket of connections.keys()) socket.destroy();
          done(false);
        }, finishMs);
        // net's close, not http's: http's would first destroy connections whose request is not read yet.
        net.Server.prototype.close.call(server, () => done(true));
      };
    });
    return drained;
  }

  return {
    draining: () => draining,
    drain,
    hurry: () => endDrainPeriod(),
  };
}
