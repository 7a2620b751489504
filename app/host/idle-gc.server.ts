import type http from "node:http";
import v8 from "node:v8";
import vm from "node:vm";

/**
 * A full garbage collection when the server goes quiet (issue 29). V8 grows its heap under load and
 * collects it fully only when it must: Node tells it nothing of idle time, so a burst of renders
 * (the warm-up, a crawler) left 200 MB of old space, mostly garbage, resident for as long as the
 * server then stayed idle: measured, the same 213 MB 20 s later, and 78 MB live once something
 * collected. Here, once no request has arrived for `quietMs` and the heap has grown by `minGrowthMb`
 * since the last full collection, one is run. It takes a few milliseconds to about a hundred,
 * only while nobody is asking, and the heap's pages go back to the system.
 */
export interface IdleGcOptions {
  /** How long without a new request counts as quiet. */
  quietMs?: number;
  /** How much the heap must have grown since the last full collection to be worth one. */
  minGrowthMb?: number;
  /** The collector (tests); by default V8's own, reached without `--expose-gc` on the command line. */
  collect?: () => void;
  heapUsed?: () => number;
}

/**
 * V8's `gc()`, without exposing it to the app's code as a global. Run twice: the first collection
 * frees the garbage, and V8 gives the emptied pages back to the system only at the next one (one
 * alone left 230 MB of old space committed for 77 MB live). Its options object (a "last resort"
 * collection) did nothing on Node 20's V8.
 */
export function v8FullGc(): () => void {
  v8.setFlagsFromString("--expose-gc");
  const gc = vm.runInNewContext("gc") as () => void;
  v8.setFlagsFromString("--no-expose-gc");
  return () => {
    gc();
    gc();
  };
}

export function collectWhenIdle(server: http.Server, options: IdleGcOptions = {}) {
  const quietMs = options.quietMs ?? 1_000;
  const minGrowth = (options.minGrowthMb ?? 32) * 2 ** 20;
  const heapUsed = options.heapUsed ?? (() => process.memoryUsage().heapUsed);
  const collect = options.collect ?? v8FullGc();
  let lastRequest = Date.now();
  let afterLastGc = heapUsed();
  let collections = 0;
  server.on("request", () => {
    lastRequest = Date.now();
  });
  const timer = setInterval(
    () => {
      if (Date.now() - lastRequest < quietMs) return;
      if (heapUsed() - afterLastGc < minGrowth) return;
      collect();
      collections++;
      afterLastGc = heapUsed();
    },
    Math.max(100, Math.floor(quietMs / 2)),
  );
  timer.unref();
  return {
    collections: () => collections,
    stop: () => clearInterval(timer),
  };
}
