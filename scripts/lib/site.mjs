// Starts the production server for the scripts that measure or check it (`npm run bench`,
// `npm run lighthouse`, `npm run validate:html`): the built host (`build/host.js`) with a fresh
// temporary DATA_DIR holding a copy of the seeded database (scripts/lib/seeded-data.mjs), on a
// free loopback port, stopped and cleaned up at the end and on Ctrl-C.
import { spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { HOST_ARGS, HOST_ENV, root } from "./ensure.mjs";
import { freePort } from "./ports.mjs";
import { copySeededDataDir } from "./seeded-data.mjs";

export const HOST = "127.0.0.1";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts the production server (`node build/host.js`, as `npm start` does) with a fresh temporary
 * DATA_DIR on a free port and waits for /healthz. Resolves to { origin, port, dataDir, signal,
 * exited, stop, logTail }. stop() is idempotent: it ends the server (SIGTERM, then SIGKILL after 15 s) and
 * deletes the temporary folder. Ctrl-C (SIGINT/SIGTERM) runs onInterrupt() then stop(), and exits 130.
 * `env` adds to or overrides the server's environment (`{ PAGE_CACHE: "off" }`); `databaseUrl`
 * runs the embedded CMS on that PostgreSQL instead of a copy of the seeded PGlite (`listenUrl`: its
 * DATABASE_LISTEN_URL, when `databaseUrl` is a pooler); `externalCms`
 * ({ apiUrl, listenUrl }) makes it a site of a CMS running alone (CMS_API_URL, DATABASE_LISTEN_URL). Several servers
 * may be started one after another: each one's Ctrl-C and exit handlers go when it stops.
 * Rejects (after cleaning up) when the server exits early or /healthz is not ready in time.
 */
export async function startSite({
  label = "bench",
  cpuProfDir,
  onInterrupt,
  readyTimeoutMs = 180_000,
  databaseUrl,
  listenUrl,
  externalCms,
  env: extraEnv = {},
} = {}) {
  const port = await freePort(HOST);
  const origin = `http://${HOST}:${port}`;
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `dovetail-${label}-`));
  // A copy of the seeded database instead of seeding anew (decision 100): the same content. On
  // PostgreSQL (`databaseUrl`) the first server to start migrates and seeds it instead.
  if (!databaseUrl && !externalCms) copySeededDataDir(dataDir);
  const env = {
    ...HOST_ENV,
    ...process.env,
    // Run as a deployment would: React's production build, secrets and public address set.
    NODE_ENV: process.env.NODE_ENV || "production",
    SESSION_SECRET: process.env.SESSION_SECRET || randomBytes(32).toString("base64url"),
    PUBLIC_URL: origin,
    // A public address with the test gateway: a demo, said so (decision 116).
    ALLOW_TEST_PAYMENTS: "1",
    PORT: String(port),
    HOST,
    DATA_DIR: dataDir,
    // Measure pages, not the image warm-up's encodes (which would share the same two cores).
    IMAGE_WARM_UP: "off",
    // No balancer to wait for: stop() ends it once open requests are answered (decision 120).
    SHUTDOWN_DRAIN_MS: "0",
    ...extraEnv,
  };
  delete env.CMS_API_URL; // the embedded CMS: on PGlite in the temporary DATA_DIR, or on the
  delete env.DATABASE_URL; // PostgreSQL given; or the external CMS given
  delete env.DATABASE_LISTEN_URL;
  if (databaseUrl) env.DATABASE_URL = databaseUrl;
  if (listenUrl) env.DATABASE_LISTEN_URL = listenUrl;
  if (externalCms) {
    env.CMS_API_URL = externalCms.apiUrl;
    if (externalCms.listenUrl) env.DATABASE_LISTEN_URL = externalCms.listenUrl;
  }
  // The host as built (build/host.js, decision 115), as `npm start` runs it; under --cpu-prof
  // with node's profiler on.
  const args = [...HOST_ARGS];
  if (cpuProfDir) {
    mkdirSync(cpuProfDir, { recursive: true });
    args.unshift("--cpu-prof", `--cpu-prof-dir=${path.resolve(cpuProfDir)}`);
  }

  const lines = [];
  const keep = (chunk) => {
    for (const line of String(chunk).split("\n")) if (line) lines.push(line);
    if (lines.length > 200) lines.splice(0, lines.length - 200);
  };
  // Its own process group, so that stopping it also stops anything it started.
  const child = spawn(process.execPath, args, {
    cwd: root,
    env,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  let exited = null;
  const exitPromise = new Promise((resolve) =>
    child.on("exit", (code, signal) => {
      exited = { code, signal };
      resolve(exited);
    }),
  );

  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      /* already gone */
    }
  };
  let stopping = null;
  const stop = () => {
    stopping ??= (async () => {
      process.off("exit", onExit);
      for (const [signal, handler] of signalHandlers) process.off(signal, handler);
      if (!exited) {
        signalGroup("SIGTERM");
        const killer = setTimeout(() => signalGroup("SIGKILL"), 15_000);
        await exitPromise;
        clearTimeout(killer);
      }
      // Give the server a moment to finish writing (a CPU profile is written at exit).
      for (let i = 0; i < 50 && groupAlive(child.pid); i++) await sleep(100);
      rmSync(dataDir, { recursive: true, force: true });
    })();
    return stopping;
  };
  // Last resort if this process dies some other way: no server or folder left behind.
  function onExit() {
    if (!exited) signalGroup("SIGKILL");
    rmSync(dataDir, { recursive: true, force: true });
  }
  process.on("exit", onExit);
  const signalHandlers = ["SIGINT", "SIGTERM"].map((signal) => {
    const handler = async () => {
      console.log(`\n${signal}: stopping the server and deleting ${dataDir}…`);
      try {
        await onInterrupt?.();
      } catch {
        /* best effort */
      }
      await stop();
      process.exit(130);
    };
    process.once(signal, handler);
    return [signal, handler];
  });

  const logTail = (n = 40) => lines.slice(-n).join("\n");
  const started = Date.now();
  while (true) {
    if (exited) {
      await stop();
      throw new Error(`the server exited (${exited.code ?? exited.signal}) before answering /healthz:\n${logTail()}`);
    }
    if (Date.now() - started > readyTimeoutMs) {
      await stop();
      throw new Error(`the server did not answer /healthz within ${readyTimeoutMs / 1000} s:\n${logTail()}`);
    }
    try {
      const res = await fetch(`${origin}/healthz`, { signal: AbortSignal.timeout(2_000) });
      if (res.ok) break;
    } catch {
      /* not listening yet */
    }
    await sleep(250);
  }
  return {
    origin,
    port,
    pid: child.pid,
    dataDir,
    env,
    /** Sends a signal to the server's process group, as a service manager or a terminal would. */
    signal: signalGroup,
    /** Resolves to { code, signal } when the server has exited. */
    exited: exitPromise,
    stop,
    logTail,
    startupMs: Date.now() - started,
    cpuSeconds: () => groupCpuSeconds(child.pid),
    rssMb: () => groupRssMb(child.pid),
  };
}

/**
 * CPU time (user + system, seconds) used so far by the processes of a process group, from
 * /proc (Linux): what the server itself spent, whatever else the machine was doing. null elsewhere.
 */
export function groupCpuSeconds(pgid) {
  // utime(11) + stime(12), in clock ticks.
  const ticks = sumOverGroup(pgid, (fields) => Number(fields[11]) + Number(fields[12]));
  return ticks === null ? null : ticks / CLOCK_TICKS;
}
const CLOCK_TICKS = 100; // USER_HZ: 100 on every Linux architecture Node runs on

/** Resident memory (MB) of a process group's processes now, from /proc (Linux); null elsewhere. */
export function groupRssMb(pgid) {
  const pages = sumOverGroup(pgid, (fields) => Number(fields[21])); // rss(21), in pages
  return pages === null ? null : (pages * PAGE_BYTES) / 2 ** 20;
}
const PAGE_BYTES = 4096;

/**
 * The sum of `pick(fields)` over the processes of a process group, where `fields` are those of
 * /proc/PID/stat after the command name (state ppid pgrp …); null where /proc cannot be read.
 */
function sumOverGroup(pgid, pick) {
  let sum = 0;
  try {
    for (const pid of readdirSync("/proc")) {
      if (!/^\d+$/.test(pid)) continue;
      let stat;
      try {
        stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      } catch {
        continue; // gone meanwhile
      }
      // The command name may contain spaces: the fields start after its closing parenthesis.
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      if (Number(fields[2]) === pgid) sum += pick(fields);
    }
  } catch {
    return null;
  }
  return sum;
}

function groupAlive(pid) {
  try {
    process.kill(-pid, 0);
    return true;
  } catch {
    return false;
  }
}

// What a browser sends (not a crawler: crawlers get the whole document at once, browsers the shell).
export const BROWSER_HEADERS = {
  accept: "text/html,application/xhtml+xml,application/xml;q=0.9,*/*;q=0.8",
  "accept-encoding": "gzip, deflate, br",
  "accept-language": "en",
  "user-agent": "Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36",
};
