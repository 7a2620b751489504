import { randomBytes, scryptSync } from "node:crypto";
import { existsSync, readdirSync, readFileSync } from "node:fs";

import { afterEach, describe, expect, it } from "vitest";

import { HashQueueFull, type ScryptJob, ScryptPool } from "./scrypt-pool";

const job = (password: string, N = 2 ** 10): ScryptJob => ({
  password,
  salt: randomBytes(16),
  keyLength: 32,
  N,
  r: 8,
  p: 1,
  maxmem: 256 * N * 8 + 2 ** 20,
});

describe("ScryptPool", () => {
  const pools: ScryptPool[] = [];
  const make = (...args: ConstructorParameters<typeof ScryptPool>) => {
    const pool = new ScryptPool(...args);
    pools.push(pool);
    return pool;
  };
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((p) => p.close()));
  });

  it("derives the key node:crypto's scrypt derives", async () => {
    const pool = make({ workers: 1 });
    const j = job("correct horse");
    const key = await pool.derive(j);
    expect(key.equals(scryptSync(j.password, j.salt, 32, { N: j.N, r: j.r, p: j.p }))).toBe(true);
  });

  it("runs at most `workers` at once, the rest in order, and refuses past `maxWaiting` at once", async () => {
    const pool = make({ workers: 2, maxWaiting: 3, retryAfter: 7 });
    const jobs = Array.from({ length: 5 }, (_, i) => job(`p${i}`, 2 ** 13));
    const done = jobs.map((j) => pool.derive(j));
    expect(pool.stats).toEqual({ workers: 2, running: 2, waiting: 3 });
    const refused = await pool.derive(job("one too many")).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(HashQueueFull);
    expect((refused as HashQueueFull).retryAfter).toBe(7);
    const keys = await Promise.all(done);
    for (const [i, j] of jobs.entries())
      expect(keys[i].equals(scryptSync(j.password, j.salt, 32, { N: j.N, r: j.r, p: j.p, maxmem: j.maxmem }))).toBe(
        true,
      );
    expect(pool.stats).toEqual({ workers: 2, running: 0, waiting: 0 });
  });

  it("rejects a hash scrypt refuses, and goes on with the next", async () => {
    const pool = make({ workers: 1 });
    const tooBig = { ...job("x"), N: 2 ** 20, maxmem: 2 ** 20 };
    await expect(pool.derive(tooBig)).rejects.toThrow();
    await expect(pool.derive(job("y"))).resolves.toHaveLength(32);
  });

  it.runIf(existsSync("/proc/self/task"))(
    "hashes at the lowest scheduling priority, the rest of the process as it was",
    async () => {
      // Linux's nice per thread, the 19th field of /proc/self/task/<id>/stat (after the command's parentheses).
      const niceness = () =>
        readdirSync("/proc/self/task").map((id) => {
          const stat = readFileSync(`/proc/self/task/${id}/stat`, "utf8");
          return Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[16]);
        });
      // Other files' pools may have lowered threads of this process already: count this pool's.
      const lowered = () => niceness().filter((n) => n === 19).length;
      const before = lowered();
      const pool = make({ workers: 1 });
      await pool.derive(job("low priority"));
      expect(lowered()).toBe(before + 1); // the worker, idle now
      const after = niceness();
      expect(after.filter((n) => n === 0).length).toBeGreaterThan(1); // the main thread and the others
    },
  );
});
