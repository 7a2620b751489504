// A TCP proxy in front of PostgreSQL for the checks that cut it off (scripts/instances-check.mjs);
// cms/test/tcp-proxy.ts is the same for vitest.
import net from "node:net";

/**
 * Proxies to `target` (a URL's hostname and port). `cut()` resets every open connection and every
 * new one until `restore()`, as a database that has gone away does.
 */
export function tcpProxy(target, host = "127.0.0.1") {
  const sockets = new Set();
  let cutOff = false;
  const server = net.createServer((client) => {
    if (cutOff) {
      client.resetAndDestroy();
      return;
    }
    const upstream = net.connect(Number(target.port), target.hostname);
    for (const [a, b] of [
      [client, upstream],
      [upstream, client],
    ]) {
      sockets.add(a);
      a.pipe(b);
      a.on("error", () => b.destroy());
      a.on("close", () => {
        sockets.delete(a);
        b.destroy();
      });
    }
  });
  return {
    /** Resolves to the port it listens on. */
    listen: () => new Promise((resolve) => server.listen(0, host, () => resolve(server.address().port))),
    cut() {
      cutOff = true;
      for (const s of sockets) (s.resetAndDestroy ?? s.destroy).call(s);
    },
    restore() {
      cutOff = false;
    },
    close: () =>
      new Promise((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}
