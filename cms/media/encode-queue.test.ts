import { describe, expect, it } from "vitest";

import { EncodeQueue, QueueFull } from "./encode-queue";

/** A job the test finishes by hand, recording when it started. */
function job(log: string[], name: string) {
  let finish!: () => void;
  const finished = new Promise<void>((resolve) => (finish = resolve));
  return {
    work: async () => {
      log.push(name);
      await finished;
      return name;
    },
    finish: () => finish(),
  };
}

const tick = () => new Promise((resolve) => setTimeout(resolve, 0));

describe("EncodeQueue", () => {
  it("runs visitors' encodes up to its concurrency and refuses more than may wait", async () => {
    const queue = new EncodeQueue({ concurrency: 2, maxWaiting: 1, maxBackgroundWaiting: 1, retryAfter: 3 });
    const log: string[] = [];
    const [a, b, c, d] = ["a", "b", "c", "d"].map((n) => job(log, n));
    const runs = [a, b, c].map((j) => queue.schedule("visitor", j.work));
    await tick();
    expect(log).toEqual(["a", "b"]);
    expect(queue.stats).toMatchObject({ running: 2, waiting: 1 });

    let refused: unknown;
    try {
      queue.schedule("visitor", d.work);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(QueueFull);
    expect((refused as QueueFull).retryAfter).toBe(3);

    a.finish();
    await tick();
    expect(log).toEqual(["a", "b", "c"]);
    b.finish();
    c.finish();
    expect(await Promise.all(runs.map((r) => r.done))).toEqual(["a", "b", "c"]);
    expect(queue.stats).toMatchObject({ running: 0, waiting: 0 });
  });

  it("runs background encodes one at a time, only while no visitor's is running or waiting", async () => {
    const queue = new EncodeQueue({ concurrency: 1, maxWaiting: 4, maxBackgroundWaiting: 2 });
    const log: string[] = [];
    const v1 = job(log, "v1");
    const v2 = job(log, "v2");
    const b1 = job(log, "b1");
    const b2 = job(log, "b2");
    const visitor1 = queue.schedule("visitor", v1.work);
    const background1 = queue.schedule("background", b1.work);
    const visitor2 = queue.schedule("visitor", v2.work);
    const background2 = queue.schedule("background", b2.work);
    await tick();
    expect(log).toEqual(["v1"]);
    // A third background encode finds its queue full.
    expect(() => queue.schedule("background", async () => "b3")).toThrow(QueueFull);

    v1.finish();
    await tick();
    // The waiting visitor goes before the background work queued ahead of it.
    expect(log).toEqual(["v1", "v2"]);
    v2.finish();
    await tick();
    expect(log).toEqual(["v1", "v2", "b1"]);
    b1.finish();
    await tick();
    expect(log).toEqual(["v1", "v2", "b1", "b2"]);
    b2.finish();
    await Promise.all([visitor1.done, visitor2.done, background1.done, background2.done]);
  });

  it("starts a visitor's encode at once beside a running background one", async () => {
    const queue = new EncodeQueue({ concurrency: 1, maxWaiting: 4, maxBackgroundWaiting: 2 });
    const log: string[] = [];
    const b = job(log, "background");
    const v = job(log, "visitor");
    const background = queue.schedule("background", b.work);
    await tick();
    const visitor = queue.schedule("visitor", v.work);
    await tick();
    expect(log).toEqual(["background", "visitor"]);
    v.finish();
    expect(await visitor.done).toBe("visitor");
    b.finish();
    expect(await background.done).toBe("background");
  });

  it("moves a waiting background encode ahead when a visitor needs it", async () => {
    const queue = new EncodeQueue({ concurrency: 1, maxWaiting: 4, maxBackgroundWaiting: 4 });
    const log: string[] = [];
    const v = job(log, "visitor");
    const b1 = job(log, "b1");
    const b2 = job(log, "b2");
    const visitor = queue.schedule("visitor", v.work);
    const first = queue.schedule("background", b1.work);
    const second = queue.schedule("background", b2.work);
    second.promote();
    v.finish();
    await visitor.done;
    await tick();
    // b2 now runs as a visitor's encode, and b1 waits until it is done.
    expect(log).toEqual(["visitor", "b2"]);
    b2.finish();
    await second.done;
    await tick();
    expect(log).toEqual(["visitor", "b2", "b1"]);
    b1.finish();
    await first.done;
  });

  it("passes a failed encode's error on and frees its slot", async () => {
    const queue = new EncodeQueue({ concurrency: 1, maxWaiting: 0, maxBackgroundWaiting: 0 });
    const failed = queue.schedule("visitor", async () => {
      throw new Error("corrupt original");
    });
    await expect(failed.done).rejects.toThrow("corrupt original");
    expect(await queue.schedule("visitor", async () => "next").done).toBe("next");
  });
});
