import http from "node:http";
import type net from "node:net";

import { afterEach, describe, expect, it } from "vitest";

import { collectWhenIdle, v8FullGc } from "./idle-gc.server";

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));
const MB = 2 ** 20;

const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const cleanup of cleanups.splice(0).reverse()) await cleanup();
});

async function start() {
  const server = http.createServer((_req, res) => res.end("ok"));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  cleanups.push(() => new Promise<void>((resolve) => server.close(() => resolve())));
  const url = `http://127.0.0.1:${(server.address() as net.AddressInfo).port}/`;
  return { server, get: () => fetch(url).then((res) => res.text()) };
}

describe("collectWhenIdle", () => {
  it("collects once the server is quiet and the heap has grown, not while requests keep coming", async () => {
    const { server, get } = await start();
    let heap = 100 * MB;
    const collected: number[] = [];
    const idle = collectWhenIdle(server, {
      quietMs: 300,
      minGrowthMb: 32,
      heapUsed: () => heap,
      collect: () => {
        collected.push(heap);
        heap = 110 * MB; // what was live
      },
    });
    cleanups.push(() => idle.stop());

    // Busy: a request every 100 ms while the heap grows: no collection in the middle of it.
    for (let i = 0; i < 8; i++) {
      heap += 20 * MB;
      await get();
      await sleep(100);
    }
    expect(collected).toEqual([]);

    // Quiet: one collection, of the grown heap.
    await sleep(700);
    expect(collected).toEqual([260 * MB]);

    // Quiet still, and nothing new: no second one.
    await sleep(700);
    expect(idle.collections()).toBe(1);

    // A little more traffic that grows the heap less than the threshold: none either.
    heap += 10 * MB;
    await get();
    await sleep(700);
    expect(idle.collections()).toBe(1);
  });

  it("V8's own collector gives garbage back", () => {
    const gc = v8FullGc();
    let garbage: object[] | null = Array.from({ length: 400_000 }, (_, i) => ({ i, text: `item ${i}` }));
    const before = process.memoryUsage().heapUsed;
    expect(garbage.length).toBe(400_000);
    garbage = null;
    gc();
    expect(process.memoryUsage().heapUsed).toBeLessThan(before - 10 * MB);
    // …and exposes nothing to the app's code.
    expect((globalThis as { gc?: unknown }).gc).toBeUndefined();
  });
});
