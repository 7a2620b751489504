import http from "node:http";

/**
 * How long a client may take and how many may be connected at once: every limit of the site's
 * HTTP server in one place, with its reason (decision 028). Node's defaults let a request take
 * 300 s and put no cap on connections: 300 clients sending their bodies slowly held 210 MB for
 * almost six minutes.
 */
export const connectionLimits = {
  /**
   * A whole request, headers and body, must arrive within 30 s; then Node answers 408 and
   * closes. Forms and API calls are small (bodies over 1 MB are refused), so only a client
   * that trickles its bytes on purpose needs longer.
   */
  requestTimeoutMs: 30_000,
  /** The headers, a few hundred bytes, within 20 s: a client slower than that is only holding a connection. */
  headersTimeoutMs: 20_000,
  /**
   * An idle kept-alive connection closes after 10 s: long enough for a browser to fetch a page's
   * assets and follow the next link on the same connection, short enough that idle ones do not
   * fill the cap. A proxy that reuses connections must give up on idle ones sooner than this.
   */
  keepAliveTimeoutMs: 10_000,
  /**
   * How often Node looks for requests past the two timeouts above. Its default, 30 s, would let
   * a 30 s timeout run to almost a minute.
   */
  checkIntervalMs: 5_000,
  /**
   * Connections beyond this are closed at once. Far above what browsers and a proxy open to one
   * server (the 200-connection benchmark fits), and low enough that slow clients cannot take the
   * process's memory: with the timeouts, 500 connections hold a few hundred MB at worst.
   */
  maxConnections: 500,
};

export type ConnectionLimits = typeof connectionLimits;

/** The site's HTTP server for a request listener (the Express app), with the limits above. */
export function createHttpServer(listener: http.RequestListener, limits: ConnectionLimits = connectionLimits) {
  const server = http.createServer(
    {
      requestTimeout: limits.requestTimeoutMs,
      headersTimeout: limits.headersTimeoutMs,
      keepAliveTimeout: limits.keepAliveTimeoutMs,
      connectionsCheckingInterval: limits.checkIntervalMs,
    },
    listener,
  );
  server.maxConnections = limits.maxConnections;
  return server;
}
