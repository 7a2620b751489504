/**
 * Password hashing off the shared thread pool (issue 29). node:crypto's async scrypt runs on
 * libuv's pool, which compression and file reads need too, and as many at once as that pool has
 * threads: twenty sign-ins at once held every core for seconds, and even the cached home page
 * waited. Here scrypt runs in a fixed number of worker threads of its own (half the cores, at
 * least one), one key at a time each, and at most `maxWaiting` more wait in order; the next is
 * refused at once (`HashQueueFull`, a 503 with Retry-After), never queued without bound.
 */
import os from "node:os";
import { Worker } from "node:worker_threads";

export interface ScryptJob {
  password: string;
  salt: Buffer;
  keyLength: number;
  N: number;
  r: number;
  p: number;
  maxmem: number;
}

/** Too many hashes waiting: try again in `retryAfter` seconds. */
export class HashQueueFull extends Error {
  constructor(readonly retryAfter: number) {
    super("Too many passwords are being checked at once");
  }
}

// The worker: one scryptSync per message, answered with the key or the error's message. It runs at
// the lowest scheduling priority (Linux's nice is per thread: its id from /proc/thread-self), so
// hashing takes the cores only when pages and everything else leave them idle; elsewhere, as is.
const WORKER_SOURCE = `
const { parentPort } = require("node:worker_threads");
const { scryptSync } = require("node:crypto");
try {
  const thread = Number(require("node:fs").readlinkSync("/proc/thread-self").split("/").pop());
  if (Number.isSafeInteger(thread)) require("node:os").setPriority(thread, 19);
} catch {}
parentPort.on("message", ({ id, job }) => {
  try {
    const key = scryptSync(job.password, Buffer.from(job.salt), job.keyLength, { N: job.N, r: job.r, p: job.p, maxmem: job.maxmem });
    parentPort.postMessage({ id, key });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

interface Pending {
  job: ScryptJob;
  resolve: (key: Buffer) => void;
  reject: (error: Error) => void;
}

export interface ScryptPoolOptions {
  /** Worker threads, each deriving one key at a time. */
  workers?: number;
  /** Hashes that may wait for a worker; the next is refused. */
  maxWaiting?: number;
  /** Seconds a refused hash is told to wait. */
  retryAfter?: number;
}

export class ScryptPool {
  private readonly size: number;
  private readonly maxWaiting: number;
  private readonly retryAfter: number;
  private readonly idle: Worker[] = [];
  private readonly busy = new Map<Worker, Pending>();
  private readonly waiting: Pending[] = [];
  private started = 0;
  private nextId = 0;

  constructor(options: ScryptPoolOptions = {}) {
    this.size = options.workers ?? Math.max(1, Math.floor(os.availableParallelism() / 2));
    this.maxWaiting = options.maxWaiting ?? 64;
    this.retryAfter = options.retryAfter ?? 2;
  }

  /** What is running and waiting (tests, diagnostics). */
  get stats() {
    return { workers: this.size, running: this.busy.size, waiting: this.waiting.length };
  }

  /** The derived key; rejects with HashQueueFull at once when `maxWaiting` hashes already wait. */
  derive(job: ScryptJob): Promise<Buffer> {
    return new Promise((resolve, reject) => {
      const pending = { job, resolve, reject };
      const worker = this.idle.pop() ?? (this.started < this.size ? this.spawn() : null);
      if (worker) this.run(worker, pending);
      else if (this.waiting.length >= this.maxWaiting) reject(new HashQueueFull(this.retryAfter));
      else this.waiting.push(pending);
    });
  }

  /** Ends the workers (tests); later hashes start new ones. */
  async close() {
    const workers = [...this.idle, ...this.busy.keys()];
    this.idle.length = 0;
    this.started = 0;
    await Promise.all(workers.map((w) => w.terminate()));
  }

  private spawn(): Worker {
    this.started++;
    const worker = new Worker(WORKER_SOURCE, { eval: true });
    // Idle workers never keep the process alive.
    worker.unref();
    worker.on("message", (message: { id: number; key?: Uint8Array; error?: string }) => {
      const pending = this.busy.get(worker);
      this.busy.delete(worker);
      if (message.error !== undefined) pending?.reject(new Error(message.error));
      else pending?.resolve(Buffer.from(message.key!));
      this.next(worker);
    });
    worker.on("error", (error) => {
      // A worker that died takes its hash with it; the next hash starts another.
      const pending = this.busy.get(worker);
      this.busy.delete(worker);
      this.started--;
      pending?.reject(error);
      const waiting = this.waiting.shift();
      if (waiting) this.run(this.spawn(), waiting);
    });
    return worker;
  }

  private run(worker: Worker, pending: Pending) {
    this.busy.set(worker, pending);
    worker.ref(); // a hash under way keeps the process alive until it answers
    worker.postMessage({ id: this.nextId++, job: pending.job });
  }

  private next(worker: Worker) {
    const waiting = this.waiting.shift();
    if (waiting) return this.run(worker, waiting);
    worker.unref();
    this.idle.push(worker);
  }
}
