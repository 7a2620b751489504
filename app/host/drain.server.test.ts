import type http from "node:http";
import net from "node:net";

import { afterEach, describe, expect, it } from "vitest";

import { drainable, type DrainOptions } from "./drain.server";
import { createHttpServer } from "./http-server.server";

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

interface Answer {
  status?: number;
  connection?: string;
  error?: string;
}

/** A raw connection: sends requests when told, reads answers (status and Connection header) in order. */
function connect(port: number) {
  const socket = net.connect(port, "127.0.0.1");
  const answers: Answer[] = [];
  const waiting: ((a: Answer) => void)[] = [];
  let buffer = "";
  let ended: string | null = null;
  const push = (a: Answer) => (waiting.length ? waiting.shift()!(a) : answers.push(a));
  socket.setEncoding("latin1");
  socket.on("data", (chunk: string) => {
    buffer += chunk;
    for (let end = buffer.indexOf("\r\n\r\n"); end !== -1; end = buffer.indexOf("\r\n\r\n")) {
      const head = buffer.slice(0, end);
      const length = Number(/\r\ncontent-length: *(\d+)/i.exec(head)?.[1] ?? 0);
      if (buffer.length < end + 4 + length) return;
      buffer = buffer.slice(end + 4 + length);
      push({
        status: Number(head.split(" ")[1]),
        connection: /\r\nconnection: *([^\r]+)/i.exec(head)?.[1].toLowerCase(),
      });
    }
  });
  const end = (why: string) => {
    ended ??= why;
    while (waiting.length) waiting.shift()!({ error: ended });
  };
  socket.on("error", (e: NodeJS.ErrnoException) => end(e.code ?? e.message));
  socket.on("close", () => end("closed"));
  return {
    connected: new Promise<void>((resolve, reject) => socket.once("connect", resolve).once("error", reject)),
    send: (path: string) => socket.write(`GET ${path} HTTP/1.1\r\nHost: test\r\n\r\n`),
    /** The next answer on this connection, or how it ended. */
    answer: () =>
      new Promise<Answer>((resolve) => {
        if (answers.length) resolve(answers.shift()!);
        else if (ended) resolve({ error: ended });
        else waiting.push(resolve);
      }),
    closed: () => ended !== null,
  };
}

let stopAll: (() => void)[] = [];
afterEach(() => {
  for (const stop of stopAll) stop();
  stopAll = [];
});

/** The site's HTTP server around a handler that answers `/slow` after 300 ms and anything else at once. */
async function serve(options: Partial<DrainOptions> = {}) {
  const server = createHttpServer((req: http.IncomingMessage, res: http.ServerResponse) => {
    const answer = () => res.writeHead(200, { "content-type": "text/plain", "content-length": "2" }).end("ok");
    if (req.url === "/slow") setTimeout(answer, 300);
    else if (req.url === "/never") return;
    else answer();
  });
  const drain = drainable(server, { drainMs: 500, idleGraceMs: 200, finishMs: 2_000, ...options });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const port = (server.address() as net.AddressInfo).port;
  stopAll.push(() => {
    drain.hurry();
    server.closeAllConnections();
    server.close();
  });
  return { server, drain, port };
}

describe("draining the site's HTTP server", () => {
  it("answers a request already on the wire, and one on a connection opened before, with Connection: close", async () => {
    const { drain, port } = await serve();
    const onTheWire = connect(port);
    const opened = connect(port);
    onTheWire.send("/");
    // The signal comes before the server has even taken the connections from the kernel.
    const drained = drain.drain();
    await Promise.all([onTheWire.connected, opened.connected]);
    expect(drain.draining()).toBe(true);
    await sleep(100);
    opened.send("/");
    expect(await onTheWire.answer()).toEqual({ status: 200, connection: "close" });
    expect(await opened.answer()).toEqual({ status: 200, connection: "close" });
    expect(await drained).toBe(true);
  });

  it("closes the connection of a request under way when the drain starts, after answering it", async () => {
    const { drain, port } = await serve();
    const conn = connect(port);
    await conn.connected;
    conn.send("/slow");
    await sleep(100);
    const drained = drain.drain();
    expect(await conn.answer()).toEqual({ status: 200, connection: "close" });
    expect(await drained).toBe(true);
  });

  it("keeps accepting new connections for the drain period, then stops listening", async () => {
    const { drain, port } = await serve({ drainMs: 1_000 });
    const drained = drain.drain();
    await sleep(100);
    const during = connect(port);
    await during.connected;
    during.send("/");
    expect(await during.answer()).toEqual({ status: 200, connection: "close" });
    expect(await drained).toBe(true);
    const after = connect(port);
    await expect(after.connected).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });

  it("closes an idle kept-alive connection after the grace, answering a request sent within it", async () => {
    const { drain, port } = await serve({ drainMs: 5_000, idleGraceMs: 1_000 });
    const early = connect(port);
    const late = connect(port);
    await Promise.all([early.connected, late.connected]);
    early.send("/");
    late.send("/");
    expect(await early.answer()).toEqual({ status: 200, connection: "keep-alive" });
    expect(await late.answer()).toEqual({ status: 200, connection: "keep-alive" });
    void drain.drain();
    // Within the grace, the next request on a kept-alive connection is still answered.
    await sleep(100);
    early.send("/");
    expect(await early.answer()).toEqual({ status: 200, connection: "close" });
    // The other sends nothing: closed once the grace is over, long before the drain period ends.
    await sleep(1_500);
    expect(late.closed()).toBe(true);
  });

  it("answers a kept-alive connection's next request after the listener closed, within the grace", async () => {
    const { drain, port } = await serve({ drainMs: 200, idleGraceMs: 2_000 });
    const conn = connect(port);
    await conn.connected;
    conn.send("/");
    expect(await conn.answer()).toEqual({ status: 200, connection: "keep-alive" });
    const drained = drain.drain();
    await sleep(350);
    await expect(connect(port).connected).rejects.toMatchObject({ code: "ECONNREFUSED" });
    conn.send("/");
    expect(await conn.answer()).toEqual({ status: 200, connection: "close" });
    expect(await drained).toBe(true);
  });

  it("never closes a connection for idleness before its first request", async () => {
    const { drain, port } = await serve({ drainMs: 300, idleGraceMs: 50 });
    const silent = connect(port);
    await silent.connected;
    const drained = drain.drain();
    // Past the grace and the drain period: a connection that has sent nothing yet is still open.
    await sleep(500);
    expect(silent.closed()).toBe(false);
    silent.send("/");
    expect(await silent.answer()).toEqual({ status: 200, connection: "close" });
    expect(await drained).toBe(true);
  });

  it("gives up on a request still open long after the drain, and says so", async () => {
    const { drain, port } = await serve({ drainMs: 100, finishMs: 300 });
    const conn = connect(port);
    await conn.connected;
    conn.send("/never");
    await sleep(50);
    const started = Date.now();
    expect(await drain.drain()).toBe(false);
    expect(Date.now() - started).toBeLessThan(1_500);
    expect((await conn.answer()).error).toBeDefined();
  });

  it("stops listening at once when hurried (a second signal)", async () => {
    const { drain, port } = await serve({ drainMs: 60_000 });
    const drained = drain.drain();
    drain.hurry();
    expect(await drained).toBe(true);
    await expect(connect(port).connected).rejects.toMatchObject({ code: "ECONNREFUSED" });
  });
});
