// A throwaway PostgreSQL server on loopback for the integration tests (Debian's postgresql).
import { execFileSync, spawnSync } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { aptInstall, isRoot, say } from "./ensure.mjs";
import { freePort } from "./ports.mjs";

function findBin() {
  const base = "/usr/lib/postgresql";
  if (!existsSync(base)) return null;
  const versions = readdirSync(base)
    .filter((v) => existsSync(path.join(base, v, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], "bin") : null;
}

/**
 * Starts PostgreSQL (installing it when absent); resolves to { url, stop }. `maxConnections` sets
 * the server's max_connections (PostgreSQL's default is 100).
 */
export async function startPostgres({ maxConnections } = {}) {
  let bin = findBin();
  if (!bin) {
    say("Installing PostgreSQL (Debian's postgresql)…");
    aptInstall(["postgresql"]);
    bin = findBin();
    if (!bin) throw new Error("PostgreSQL was installed but initdb was not found under /usr/lib/postgresql");
  }
  const dir = mkdtempSync(path.join(os.tmpdir(), "dovetail-pg-"));
  const data = path.join(dir, "data");
  const port = await freePort();
  // PostgreSQL refuses to run as root: run it as the postgres user then.
  const asUser = (cmd, args) => {
    if (!isRoot()) return spawnSync(path.join(bin, cmd), args, { encoding: "utf8" });
    return spawnSync("runuser", ["-u", "postgres", "--", path.join(bin, cmd), ...args], { encoding: "utf8" });
  };
  if (isRoot()) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    chownSync(dir, uid, gid);
  }
  say(`Starting PostgreSQL on 127.0.0.1:${port}`);
  const init = asUser("initdb", ["-D", data, "-U", "postgres", "--auth=trust", "--no-sync", "-E", "UTF8"]);
  if (init.status !== 0) throw new Error(`initdb failed:\n${init.stderr}`);
  let opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c full_page_writes=off`;
  if (maxConnections) opts += ` -c max_connections=${Number(maxConnections)}`;
  const start = asUser("pg_ctl", ["-D", data, "-o", opts, "-l", path.join(dir, "log"), "-w", "start"]);
  if (start.status !== 0) throw new Error(`pg_ctl start failed:\n${start.stderr}${start.stdout}`);
  let stopped = false;
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    stop() {
      if (stopped) return;
      stopped = true;
      asUser("pg_ctl", ["-D", data, "-m", "immediate", "stop"]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
