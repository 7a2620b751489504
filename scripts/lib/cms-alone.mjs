// The CMS running alone (`npm run cms`: tsx cms/main.ts), for the checks of a site that talks to
// an external CMS (scripts/instances-check.mjs).
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { root } from "./ensure.mjs";
import { freePort } from "./ports.mjs";

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

/**
 * Starts the CMS alone on `databaseUrl` with `env` added (JWT_SECRET, …), on a free loopback
 * port with a temporary DATA_DIR, as `npm run cms` does; resolves to { origin, stop, logTail }
 * once /api/healthz answers. stop() ends it (SIGTERM) and deletes the folder.
 */
export async function startCmsAlone({ databaseUrl, env = {}, host = "127.0.0.1", readyTimeoutMs = 120_000 }) {
  const port = await freePort(host);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), "dovetail-cms-"));
  const child = spawn(path.join(root, "node_modules", ".bin", "tsx"), ["cms/main.ts"], {
    cwd: root,
    env: {
      ...process.env,
      NODE_ENV: "production",
      CMS_PORT: String(port),
      CMS_HOST: host,
      DATA_DIR: dataDir,
      DATABASE_URL: databaseUrl,
      IMAGE_WARM_UP: "off",
      ...env,
    },
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
  });
  const lines = [];
  const keep = (chunk) => lines.push(...String(chunk).split("\n").filter(Boolean));
  child.stdout.on("data", keep);
  child.stderr.on("data", keep);
  let exited = false;
  const gone = new Promise((resolve) => child.on("exit", () => resolve((exited = true))));
  const stop = async () => {
    if (!exited) {
      try {
        process.kill(-child.pid, "SIGTERM");
      } catch {
        /* already gone */
      }
      const killer = setTimeout(() => process.kill(-child.pid, "SIGKILL"), 10_000);
      await gone;
      clearTimeout(killer);
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  process.once("exit", () => {
    if (!exited) process.kill(-child.pid, "SIGKILL");
  });
  const origin = `http://${host}:${port}`;
  const logTail = (n = 30) => lines.slice(-n).join("\n");
  const started = Date.now();
  while (Date.now() - started < readyTimeoutMs) {
    if (exited) break;
    try {
      if ((await fetch(`${origin}/api/healthz`, { signal: AbortSignal.timeout(2_000) })).ok)
        return { origin, stop, logTail };
    } catch {
      /* not listening yet */
    }
    await sleep(250);
  }
  await stop();
  throw new Error(`the CMS alone did not answer /api/healthz:\n${logTail()}`);
}
