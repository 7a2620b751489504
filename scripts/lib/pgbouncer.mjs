// PgBouncer in transaction mode in front of a PostgreSQL database, for the check that runs the
// instances through it (scripts/instances-check.mjs), as docs/deployment.md configures it. Only
// where PgBouncer is installed (Debian's pgbouncer; the checks do not install it).
import { execFileSync, spawn } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readFileSync, writeFileSync } from "node:fs";
import os from "node:os";
import path from "node:path";

import { isRoot } from "./ensure.mjs";
import { freePort, waitForPort } from "./ports.mjs";
import { supervise } from "./supervise.mjs";

const BIN = "/usr/sbin/pgbouncer";

/**
 * Starts PgBouncer (transaction pooling, `poolSize` server connections) in front of `target`, a
 * PostgreSQL URL whose user needs no password; resolves to { url, stop } (the same database and
 * user through PgBouncer), or null when PgBouncer is not installed. It refuses to run as root:
 * as root it runs as the postgres user.
 */
export async function startPgBouncer(target, { host = "127.0.0.1", poolSize = 10 } = {}) {
  if (!existsSync(BIN)) return null;
  const dir = mkdtempSync(path.join(os.tmpdir(), "dovetail-pgbouncer-"));
  const port = await freePort(host);
  const database = target.pathname.slice(1);
  const user = decodeURIComponent(target.username);
  writeFileSync(path.join(dir, "userlist.txt"), `"${user}" ""\n`);
  writeFileSync(
    path.join(dir, "pgbouncer.ini"),
    `[databases]
${database} = host=${target.hostname} port=${target.port} dbname=${database}

[pgbouncer]
listen_addr = ${host}
listen_port = ${port}
unix_socket_dir =
auth_type = trust
auth_file = ${dir}/userlist.txt
pool_mode = transaction
max_client_conn = 400
default_pool_size = ${poolSize}
logfile = ${dir}/pgbouncer.log
pidfile = ${dir}/pgbouncer.pid
`,
  );
  const asRoot = isRoot();
  if (asRoot) {
    const uid = Number(execFileSync("id", ["-u", "postgres"]).toString().trim());
    const gid = Number(execFileSync("id", ["-g", "postgres"]).toString().trim());
    for (const file of ["", "userlist.txt", "pgbouncer.ini"]) chownSync(path.join(dir, file), uid, gid);
  }
  const [cmd, args] = asRoot
    ? ["runuser", ["-u", "postgres", "--", BIN, path.join(dir, "pgbouncer.ini")]]
    : [BIN, [path.join(dir, "pgbouncer.ini")]];
  const child = spawn(cmd, args, { stdio: ["ignore", "ignore", "pipe"] });
  const { stderr, exited, stop } = supervise(child, {
    signal: "SIGINT",
    dir,
    // Through runuser, the signal goes to PgBouncer itself (its pid file), and to runuser.
    beforeSignal() {
      try {
        process.kill(Number(readFileSync(path.join(dir, "pgbouncer.pid"), "utf8")), "SIGINT");
      } catch {
        /* no pid file yet */
      }
    },
  });
  const url = new URL(target);
  url.hostname = host;
  url.port = String(port);
  if (await waitForPort(port, host, { gone: exited })) return { url: url.toString(), stop };
  await stop();
  throw new Error(`PgBouncer did not start: ${stderr() || "no answer on its port"}`);
}
