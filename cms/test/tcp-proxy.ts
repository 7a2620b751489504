/**
 * A TCP proxy a test can cut: what an outage of the database looks like to the app (connections
 * reset, new ones refused at once), and its end, without stopping the shared test server.
 */
import type { AddressInfo } from "node:net";
import { connect, createServer, type Socket } from "node:net";

export interface TcpProxy {
  port: number;
  /** Drops every open connection and resets new ones until `restore()`. */
  cut(): void;
  restore(): void;
  close(): Promise<void>;
}

export async function startTcpProxy(target: { host: string; port: number }): Promise<TcpProxy> {
  let down = false;
  const open = new Set<Socket>();
  const server = createServer((client) => {
    if (down) return void client.resetAndDestroy();
    const upstream = connect(target.port, target.host);
    for (const s of [client, upstream]) {
      open.add(s);
      s.on("close", () => open.delete(s));
      s.on("error", () => {
        client.destroy();
        upstream.destroy();
      });
    }
    client.pipe(upstream).pipe(client);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return {
    port: (server.address() as AddressInfo).port,
    cut() {
      down = true;
      for (const s of open) s.resetAndDestroy();
    },
    restore() {
      down = false;
    },
    close() {
      for (const s of open) s.destroy();
      return new Promise((resolve) => server.close(() => resolve()));
    },
  };
}
