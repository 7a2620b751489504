/**
 * The encode queue: how many image variants are made at once, in what order, and how many may
 * wait. Encoding is the one expensive thing a stranger can ask of the image service, so the queue
 * is bounded: a request that finds it full is refused at once (the route answers 503 with
 * Retry-After) instead of waiting behind everyone else.
 *
 * Two priorities:
 * - "visitor": a browser is waiting for the picture. Up to `concurrency` run at once, up to
 *   `maxWaiting` more wait in order.
 * - "background": the warm-up making what pages will ask for. One at a time, and only while no
 *   visitor's encode is running or waiting, so a visitor never waits behind background work for
 *   longer than it takes to make a picture already under way elsewhere: a visitor's encode does
 *   not even wait for a running background one (that one runs beside it).
 */

export type EncodePriority = "visitor" | "background";

/** The queue of `priority` is full: try again in `retryAfter` seconds. */
export class QueueFull extends Error {
  constructor(
    readonly priority: EncodePriority,
    readonly retryAfter: number,
  ) {
    super(`The ${priority} encode queue is full`);
  }
}

export interface EncodeQueueOptions {
  /** Visitors' encodes that run at once. */
  concurrency: number;
  /** Visitors' encodes that may wait for a slot; the next one is refused. */
  maxWaiting: number;
  /** Background encodes that may wait; the next one is refused. */
  maxBackgroundWaiting: number;
  /** Seconds a refused request is told to wait (Retry-After). */
  retryAfter?: number;
}

interface Job {
  priority: EncodePriority;
  start: () => void;
}

/** A scheduled encode: its result, and a way to move it ahead when a visitor needs it too. */
export interface Scheduled<T> {
  done: Promise<T>;
  /** A background encode still waiting moves to the visitors' queue (a visitor asked for the same variant). */
  promote: () => void;
}

export class EncodeQueue {
  private running = 0;
  private backgroundRunning = false;
  private readonly visitors: Job[] = [];
  private readonly background: Job[] = [];

  constructor(private readonly options: EncodeQueueOptions) {}

  /** Visitors' encodes accepted at once: running plus waiting. */
  get capacity() {
    return this.options.concurrency + this.options.maxWaiting;
  }

  /** What is running and waiting, for tests and diagnostics. */
  get stats() {
    return {
      running: this.running,
      backgroundRunning: this.backgroundRunning,
      waiting: this.visitors.length,
      backgroundWaiting: this.background.length,
    };
  }

  /**
   * Runs `work` when its turn comes. Throws QueueFull at once, without running it, when the
   * queue of its priority is full.
   */
  schedule<T>(priority: EncodePriority, work: () => Promise<T>): Scheduled<T> {
    const queue = priority === "visitor" ? this.visitors : this.background;
    const room = priority === "visitor" ? this.options.maxWaiting : this.options.maxBackgroundWaiting;
    const canStart = priority === "visitor" ? this.running < this.options.concurrency : this.backgroundMayStart();
    if (!canStart && queue.length >= room) throw new QueueFull(priority, this.options.retryAfter ?? 2);

    let resolve!: (value: T) => void;
    let reject!: (reason: unknown) => void;
    const done = new Promise<T>((res, rej) => {
      resolve = res;
      reject = rej;
    });
    const job: Job = {
      priority,
      start: () => {
        const ran = job.priority;
        if (ran === "visitor") this.running++;
        else this.backgroundRunning = true;
        void (async () => {
          try {
            resolve(await work());
          } catch (error) {
            reject(error);
          } finally {
            if (ran === "visitor") this.running--;
            else this.backgroundRunning = false;
            this.pump();
          }
        })();
      },
    };
    if (canStart) job.start();
    else queue.push(job);

    const promote = () => {
      const at = this.background.indexOf(job);
      if (at === -1) return;
      this.background.splice(at, 1);
      job.priority = "visitor";
      this.visitors.push(job);
      this.pump();
    };
    return { done, promote };
  }

  private backgroundMayStart() {
    return !this.backgroundRunning && this.running === 0 && this.visitors.length === 0;
  }

  /** Starts what may start: visitors first, then one background encode when visitors have none. */
  private pump() {
    while (this.running < this.options.concurrency && this.visitors.length > 0) this.visitors.shift()!.start();
    if (this.background.length > 0 && this.backgroundMayStart()) this.background.shift()!.start();
  }
}
