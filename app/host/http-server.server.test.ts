import type http from "node:http";
import net from "node:net";

import { afterEach, describe, expect, it } from "vitest";

import { connectionLimits, createHttpServer } from "./http-server.server";

/** Reads the whole body, then answers with its length: what an action posting a form does. */
const readsBody: http.RequestListener = (req, res) => {
  let length = 0;
  req.on("data", (chunk: Buffer) => (length += chunk.length));
  req.on("end", () => res.end(`read ${length} bytes`));
};

const servers: http.Server[] = [];
afterEach(async () => {
  for (const server of servers.splice(0)) {
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  }
});

async function start(limits = connectionLimits) {
  const server = createHttpServer(readsBody, limits);
  servers.push(server);
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  return (server.address() as net.AddressInfo).port;
}

/** A raw client: what it was sent back, and when the server closed the connection. */
function client(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  const opened = performance.now();
  let received = "";
  socket.on("data", (chunk) => (received += chunk.toString("latin1")));
  socket.on("error", () => {});
  const closed = new Promise<{ afterMs: number; received: string }>((resolve) =>
    socket.on("close", () => resolve({ afterMs: performance.now() - opened, received })),
  );
  const connected = new Promise<void>((resolve) => socket.on("connect", () => resolve()));
  return { socket, closed, connected };
}

const fast = { ...connectionLimits, requestTimeoutMs: 1_000, headersTimeoutMs: 1_000, checkIntervalMs: 100 };

describe("createHttpServer", () => {
  it("applies the site's limits by default", () => {
    const server = createHttpServer(readsBody);
    expect({
      requestTimeout: server.requestTimeout,
      headersTimeout: server.headersTimeout,
      keepAliveTimeout: server.keepAliveTimeout,
      maxConnections: server.maxConnections,
    }).toEqual({ requestTimeout: 30_000, headersTimeout: 20_000, keepAliveTimeout: 10_000, maxConnections: 500 });
  });

  it("cuts off a client that sends its body too slowly, with a 408", async () => {
    const port = await start(fast);
    const { socket, closed } = client(port);
    socket.write("POST /form HTTP/1.1\r\nHost: site.test\r\nContent-Length: 1000\r\n\r\n");
    // One byte every 50 ms: the whole body would take 50 s.
    const drip = setInterval(() => socket.writable && socket.write("x"), 50);
    const { afterMs, received } = await closed;
    clearInterval(drip);
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(afterMs).toBeLessThan(3_000);
  });

  it("cuts off a client that never finishes its headers", async () => {
    const port = await start(fast);
    const { socket, closed } = client(port);
    socket.write("GET / HTTP/1.1\r\nHost: site.test\r\n");
    const { afterMs, received } = await closed;
    expect(received).toMatch(/^HTTP\/1\.1 408 /);
    expect(afterMs).toBeLessThan(3_000);
  });

  it("answers a client that sends its body in good time", async () => {
    const port = await start(fast);
    const { socket, closed } = client(port);
    socket.end("POST /form HTTP/1.1\r\nHost: site.test\r\nContent-Length: 5\r\nConnection: close\r\n\r\nhello");
    expect((await closed).received).toMatch(/^HTTP\/1\.1 200 [\s\S]*read 5 bytes$/);
  });

  it("closes connections beyond the cap at once, and serves those within it", async () => {
    const port = await start({ ...fast, maxConnections: 2 });
    const held = [client(port), client(port)];
    await Promise.all(held.map((c) => c.connected));
    // The server counts a connection once it has accepted it: give it that moment.
    await new Promise((resolve) => setTimeout(resolve, 50));
    const extra = client(port);
    const refused = await extra.closed;
    expect(refused.received).toBe("");
    expect(refused.afterMs).toBeLessThan(500);

    held[0].socket.end("GET / HTTP/1.1\r\nHost: site.test\r\nConnection: close\r\n\r\n");
    expect((await held[0].closed).received).toMatch(/^HTTP\/1\.1 200 /);
  });
});
